import type { FastifyInstance } from "fastify";
import { forbidden } from "../errors/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Rejects state-changing requests sent from another site's page (CSRF), on top of SameSite=Lax cookies.
 * Requests without Origin (server-to-server: webhooks, curl, mail clients' one-click unsubscribe) pass;
 * routes that need more (webhook signatures, signed unsubscribe links) check it themselves. The one origin that
 * counts is APP_URL's: never the request's own `Host`, which a page that rebound its name to us controls.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  appUrl: string,
  exemptPrefixes: string[] = [],
): void {
  const allowed = new URL(appUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== allowed) {
      throw forbidden("This request came from another site and was refused.", "BAD_ORIGIN");
    }
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { notFound } from "../errors/app-error";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** Whether the TCP peer is this machine: read from the socket, never from a header any client can write. */
function isLoopbackSocket(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? "";
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** A request a proxy passed on: from this machine's socket, but from anyone's browser. */
function wasForwarded(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => name === "forwarded" || name.startsWith("x-forwarded-") || name === "x-real-ip",
  );
}

/**
 * The `Host` values this app answers to as itself: APP_URL's, and when APP_URL is this machine (the embedded
 * default, http://localhost:5000) the other loopback names on the same port. Any other Host on a loopback socket is
 * a page elsewhere that rebound its name to 127.0.0.1 (DNS rebinding).
 */
export function ownHosts(appUrl: string): Set<string> {
  const url = new URL(appUrl);
  const hosts = new Set([url.host]);
  if (LOOPBACK_NAMES.includes(url.hostname)) {
    const port = url.port ? `:${url.port}` : "";
    for (const name of LOOPBACK_NAMES) hosts.add(`${name}${port}`);
  }
  return hosts;
}

/**
 * Whether this request is from a person on this machine, talking to this app: the socket is loopback, no proxy
 * sits in front (TRUST_PROXY unset, no Forwarded/X-Forwarded-* header), and `Host` is the app's own.
 */
export function isThisMachineRequest(
  request: FastifyRequest,
  config: Pick<Config, "trustProxy" | "appUrl">,
): boolean {
  if (config.trustProxy !== false) return false;
  if (!isLoopbackSocket(request) || wasForwarded(request)) return false;
  const host = request.headers.host?.toLowerCase();
  return host !== undefined && ownHosts(config.appUrl).has(host);
}

/**
 * What exists only for the embedded default (the local mailbox, the local SMS outbox, its inbound-text webhook)
 * answers only to this machine: to anyone else it does not exist. Register inside the plugin that holds those routes.
 */
export function restrictToThisMachine(
  app: FastifyInstance,
  config: Pick<Config, "trustProxy" | "appUrl">,
): void {
  app.addHook("onRequest", async (request) => {
    if (!isThisMachineRequest(request, config))
      throw notFound(`No route for ${request.method} ${request.url.split("?")[0]}`);
  });
}

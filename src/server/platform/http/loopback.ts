import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound } from "../errors/app-error";

/**
 * Whether the TCP peer is this machine. Read from the socket, never from X-Forwarded-For (which any client
 * can write, and which TRUST_PROXY may make `request.ip` follow).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? "";
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/**
 * What exists only for the embedded default (the local mailbox, the local SMS outbox) answers only to this
 * machine: to anyone else it does not exist. Register inside the plugin that holds those routes.
 */
export function restrictToLoopback(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!isLoopbackRequest(request))
      throw notFound(`No route for ${request.method} ${request.url.split("?")[0]}`);
  });
}

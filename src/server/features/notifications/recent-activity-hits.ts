import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";
import type { AppContext, CachedRecentActivity } from "@server/context";
import { sessionTokenOfHeader } from "@server/platform/auth/session";
import { isSecureUrl } from "@server/config";

/** The polled notification list's path. */
export const RECENT_ACTIVITY_PATH = "/api/activity/recent";

/**
 * The headers of every answer of the poll: the security headers that matter for a JSON answer (it does without
 * helmet, see docs/decisions/002-delivery-engine.md), computed once, and no caching without asking.
 */
export function recentActivityHeaders(appUrl: string): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    ...(isSecureUrl(appUrl) ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    "cache-control": "private, no-cache",
  };
}

/**
 * The answer to a poll whose list is cached: a 304 with no body when the tab already has it (its ETag), else the
 * cached bytes. Both the Fastify route and the server's own listener (below) answer through this, so they agree.
 */
export function cachedAnswerOf(
  list: CachedRecentActivity,
  ifNoneMatch: string | undefined,
  headers: Record<string, string>,
): { status: 200 | 304; headers: Record<string, string>; body?: Buffer } {
  if (ifNoneMatch === list.etag) return { status: 304, headers: { ...headers, etag: list.etag } };
  return {
    status: 200,
    headers: {
      ...headers,
      etag: list.etag,
      "content-type": "application/json; charset=utf-8",
      "content-length": String(list.body.length),
    },
    body: list.body,
  };
}

/**
 * The HTTP server the app listens on (Fastify's `serverFactory`): a poll whose session's list is cached is answered
 * here, before Fastify sees the request; everything else, a poll's miss and its 401 among it, goes to Fastify. A hit
 * needs none of what Fastify gives a request (routing, a request and reply object, a child logger, the global
 * plugins' hooks: helmet's, the cookie parser's, the origin check's, which a GET passes anyway), and those were most
 * of its cost. The session is checked the same way as in the route: the cache is keyed by session token and dropped
 * on logout, so only a signed-in session's poll is answered here. Only `GET /api/activity/recent` exactly; a HEAD or
 * a query string takes the route.
 */
export function answeringCachedPollsFirst(ctx: AppContext): FastifyServerFactory {
  const headers = recentActivityHeaders(ctx.config.appUrl);
  const answerIfCached = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== "GET" || request.url !== RECENT_ACTIVITY_PATH) return false;
    const token = sessionTokenOfHeader(request.headers.cookie);
    const list = token === undefined ? undefined : ctx.recentActivity.get(token);
    if (!list) return false;
    const answer = cachedAnswerOf(list, request.headers["if-none-match"], headers);
    response.writeHead(answer.status, answer.headers).end(answer.body);
    return true;
  };
  return (fastifyHandler, options): Server => {
    const server = createServer((request, response) => {
      if (!answerIfCached(request, response)) fastifyHandler(request, response);
    });
    // As Fastify sets them on a server of its own (it has filled in its defaults by now).
    const numberOf = (name: string) => (typeof options[name] === "number" ? options[name] : undefined);
    server.keepAliveTimeout = numberOf("keepAliveTimeout") ?? server.keepAliveTimeout;
    server.requestTimeout = numberOf("requestTimeout") ?? server.requestTimeout;
    server.setTimeout(numberOf("connectionTimeout") ?? server.timeout);
    const maxRequestsPerSocket = numberOf("maxRequestsPerSocket");
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}

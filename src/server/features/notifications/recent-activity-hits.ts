import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";
import type { AppContext, CachedRecentActivity } from "@server/context";
import { sessionTokenOfHeader } from "@server/platform/auth/session";
import { isSecureUrl } from "@server/config";
import { recentActivityForSession } from "./service";

/** The polled notification list's path. */
export const RECENT_ACTIVITY_PATH = "/api/activity/recent";

/**
 * The headers of every answer of the poll: the security headers that matter for a JSON answer (it does without
 * helmet, see docs/decisions/002-delivery-engine.md), computed once, and no caching without asking. As
 * [name, value, name, value, …], the form node's writeHead takes without building an object.
 */
export function recentActivityHeaders(appUrl: string): string[] {
  return [
    "content-security-policy",
    "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options",
    "nosniff",
    "cross-origin-resource-policy",
    "same-origin",
    "cross-origin-opener-policy",
    "same-origin",
    "referrer-policy",
    "no-referrer",
    "x-frame-options",
    "DENY",
    ...(isSecureUrl(appUrl) ? ["strict-transport-security", "max-age=31536000; includeSubDomains"] : []),
    "cache-control",
    "private, no-cache",
  ];
}

/**
 * The answer to a poll whose list is cached: a 304 with no body when the tab already has it (its ETag), else the
 * cached bytes; each with the poll's header fields (`headers`, see recentActivityHeaders) and the list's own, as
 * [name, value, …]. Made for each answer rather than kept with the list: a kept list lives long enough to be copied
 * out of V8's young generation and collected from the old one, and its header arrays were a third of what each miss
 * left there; an array made here dies young, at almost no cost. Both the Fastify route and the server's own
 * listener (below) answer through this, so they agree.
 */
export function cachedAnswerOf(
  list: CachedRecentActivity,
  ifNoneMatch: string | undefined,
  headers: readonly string[],
): { status: 200 | 304; headers: string[]; body?: Buffer } {
  if (ifNoneMatch === list.etag) return { status: 304, headers: [...headers, "etag", list.etag] };
  return {
    status: 200,
    headers: [
      ...headers,
      "etag",
      list.etag,
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      String(list.body.length),
    ],
    body: list.body,
  };
}

/**
 * A cache miss: the session's list read from the database (see recentActivityForSession), kept in the cache with its
 * ETag; null when the session is unknown or expired.
 */
export async function readRecentActivity(
  ctx: AppContext,
  token: string,
): Promise<CachedRecentActivity | null> {
  const readStartedAt = ctx.recentActivity.readStarted();
  const list = await recentActivityForSession(ctx, token);
  if (!list) return null;
  ctx.recentActivity.set(token, list, readStartedAt);
  return list;
}

/**
 * The HTTP server the app listens on (Fastify's `serverFactory`): a signed-in poll is answered here, before Fastify
 * sees the request, from the cache or, on a miss, from the database; what is left goes to Fastify: a poll without a
 * session cookie, or whose session turns out unknown (401), or whose read failed (Fastify reads again, and answers
 * or logs the error as for any route). A poll needs none of what Fastify gives a request (routing, a request and
 * reply object, a child logger, the global plugins' hooks: helmet's, the cookie parser's, the origin check's, which a
 * GET passes anyway), and those were most of a hit's cost and some 15 µs of a miss's. The session is checked as in
 * the route: the cache is keyed by session token and dropped on logout, and a miss reads the session with the list.
 * Only `GET /api/activity/recent` exactly; a HEAD or a query string takes the route.
 */
export function answeringCachedPollsFirst(ctx: AppContext): FastifyServerFactory {
  const headers = recentActivityHeaders(ctx.config.appUrl);
  const answer = (request: IncomingMessage, response: ServerResponse, list: CachedRecentActivity) => {
    const {
      status,
      headers: listHeaders,
      body,
    } = cachedAnswerOf(list, request.headers["if-none-match"], headers);
    if (body) ctx.recentActivity.keepWhileWriting(body, response);
    response.writeHead(status, listHeaders).end(body);
  };
  /** Whether the poll is answered here (at once, or when its read is done); false: Fastify's to answer. */
  const answerPoll = (request: IncomingMessage, response: ServerResponse, toFastify: () => void): boolean => {
    if (request.method !== "GET" || request.url !== RECENT_ACTIVITY_PATH) return false;
    const token = sessionTokenOfHeader(request.headers.cookie);
    if (token === undefined) return false;
    const list = ctx.recentActivity.get(token);
    if (list) answer(request, response, list);
    else
      readRecentActivity(ctx, token).then(
        (read) => (read ? answer(request, response, read) : toFastify()),
        toFastify,
      );
    return true;
  };
  return (fastifyHandler, options): Server => {
    const server = createServer((request, response) => {
      const toFastify = () => fastifyHandler(request, response);
      if (!answerPoll(request, response, toFastify)) toFastify();
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

import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { notificationIdParams, todayActivitySchema } from "@shared/api/notifications";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, CachedRecentActivity } from "@server/context";
import { requireUser, sessionTokenOfHeader } from "@server/platform/auth/session";
import { unauthorized } from "@server/platform/errors/app-error";
import {
  dismissAllNotifications,
  dismissNotification,
  markNotificationRead,
  recentActivityForSession,
  todayActivity,
} from "./service";
import { cachedAnswerOf, RECENT_ACTIVITY_PATH, recentActivityHeaders } from "./recent-activity-hits";

/**
 * A body's UTF-8 bytes in a buffer of their own: Buffer.from would put a small one in a shared 8 KiB slab, which a
 * cached entry would then keep alive whole.
 */
function bytesOf(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * GET /api/activity/recent, polled every 2 s by every open tab. Its hits are mostly answered before Fastify sees them
 * (`answeringCachedPollsFirst`); this route answers the rest: misses, 401s, HEAD, a query string. It needs nothing
 * from the global plugins: it sends its own security headers (helmet skips it), reads its one cookie itself, and a
 * GET passes the origin check anyway. A hit is answered synchronously from the cache; only a miss waits for the
 * database. It logs at warn: two info lines per tab every 2 s say nothing.
 */
export function recentActivityRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const headers = recentActivityHeaders(ctx.config.appUrl);
    const answer = (request: FastifyRequest, reply: FastifyReply, list: CachedRecentActivity) => {
      const cached = cachedAnswerOf(list, request.headers["if-none-match"], headers);
      return reply.status(cached.status).headers(cached.headers).send(cached.body);
    };
    const readAndAnswer = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const readStartedAt = ctx.recentActivity.readStarted();
      const found = await recentActivityForSession(ctx, token);
      if (!found) throw unauthorized();
      const body = bytesOf(found.body);
      const list = {
        userId: found.userId,
        body,
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      };
      ctx.recentActivity.set(token, list, readStartedAt);
      return answer(request, reply, list);
    };
    // No response schema: the body is written once (by PostgreSQL, see recentActivityForSession), for both the ETag
    // and every answer until it changes.
    // Registering it first does not keep the global plugins' hooks away (Fastify gives a route every hook of its
    // ancestors when it is ready): helmet, which parses its policy on every request, is told to skip it.
    const options = { logLevel: "warn", config: { helmet: { skipRoute: true } } } as const;
    app.get(RECENT_ACTIVITY_PATH, options, (request, reply) => {
      const token = sessionTokenOfHeader(request.headers.cookie);
      if (!token) throw unauthorized();
      const cached = ctx.recentActivity.get(token);
      return cached ? answer(request, reply, cached) : readAndAnswer(request, reply, token);
    });
  };
}

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/activity/today",
      { schema: { response: { 200: todayActivitySchema, 401: errorBodySchema } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        reply.header("Cache-Control", "private, no-cache");
        return todayActivity(ctx, user);
      },
    );

    app.post(
      "/api/notifications/:id/read",
      { schema: { params: notificationIdParams } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await markNotificationRead(ctx, user.id, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      "/api/notifications/:id/dismiss",
      { schema: { params: notificationIdParams } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await dismissNotification(ctx, user.id, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post("/api/notifications/clear-all", async (request, reply) => {
      const user = await requireUser(ctx, request);
      await dismissAllNotifications(ctx, user.id);
      return reply.status(204).send();
    });
  };
}

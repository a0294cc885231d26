import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { notificationIdParams, todayActivitySchema } from "@shared/api/notifications";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, CachedRecentActivity } from "@server/context";
import { requireUser, sessionTokenOfHeader } from "@server/platform/auth/session";
import { unauthorized } from "@server/platform/errors/app-error";
import { dismissAllNotifications, dismissNotification, markNotificationRead, todayActivity } from "./service";
import {
  cachedAnswerOf,
  RECENT_ACTIVITY_PATH,
  readRecentActivity,
  recentActivityHeaders,
} from "./recent-activity-hits";

/**
 * GET /api/activity/recent, polled every 2 s by every open tab. A signed-in poll is mostly answered before Fastify sees
 * it, hit or miss (`answeringCachedPollsFirst`); this route answers the rest: 401s, failed reads, HEAD, a query string
 * (and every request of `inject`, which has no server). It needs nothing from the global plugins: it sends its own
 * security headers (helmet skips it), reads its one cookie itself, and a GET passes the origin check anyway. A hit is
 * answered synchronously from the cache; only a miss waits for the database. It logs at warn: two info lines per tab
 * every 2 s say nothing.
 */
export function recentActivityRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const headers = recentActivityHeaders(ctx.config.appUrl);
    const answer = (request: FastifyRequest, reply: FastifyReply, list: CachedRecentActivity) => {
      const cached = cachedAnswerOf(list, request.headers["if-none-match"], headers);
      if (cached.body) ctx.recentActivity.keepWhileWriting(cached.body, reply.raw);
      for (let index = 0; index < cached.headers.length; index += 2)
        reply.header(cached.headers[index]!, cached.headers[index + 1]);
      return reply.status(cached.status).send(cached.body);
    };
    const readAndAnswer = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const list = await readRecentActivity(ctx, token);
      if (!list) throw unauthorized();
      return answer(request, reply, list);
    };
    // No response schema: the body is written once (see recentActivityForSession), for both the ETag
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

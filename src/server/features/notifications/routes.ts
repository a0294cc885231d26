import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { notificationIdParams, todayActivitySchema } from "@shared/api/notifications";
import { SESSION_COOKIE } from "@shared/constants";
import { isSecureUrl } from "@server/config";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { unauthorized } from "@server/platform/errors/app-error";
import {
  dismissAllNotifications,
  dismissNotification,
  markNotificationRead,
  recentActivityForSession,
  todayActivity,
} from "./service";

/**
 * The polled list skips helmet's per-request hook (it costs this hot route more than everything else together) and
 * sends the security headers that matter for a JSON answer, computed once. See docs/decisions/002-delivery-engine.md.
 */
function jsonSecurityHeaders(appUrl: string): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    ...(isSecureUrl(appUrl) ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const recentHeaders = { ...jsonSecurityHeaders(ctx.config.appUrl), "cache-control": "private, no-cache" };
    app.get(
      "/api/activity/recent",
      { helmet: false },
      // No response schema: the body is serialized once here, for both the ETag and the answer.
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (!token) throw unauthorized();
        let answer = ctx.recentActivity.get(token);
        if (!answer) {
          const readStartedAt = ctx.recentActivity.readStarted();
          const found = await recentActivityForSession(ctx, token);
          if (!found) throw unauthorized();
          const body = JSON.stringify(found.items);
          answer = {
            userId: found.userId,
            body,
            etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          };
          ctx.recentActivity.set(token, answer, readStartedAt);
        }
        // Polled every 2 s: an unchanged list is a 304 with no body.
        reply.headers(recentHeaders).header("etag", answer.etag);
        if (request.headers["if-none-match"] === answer.etag) return reply.status(304).send();
        return reply.type("application/json; charset=utf-8").send(answer.body);
      },
    );

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

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminBulkRequestSchema,
  adminBulkResponseSchema,
  adminContentQuerySchema,
  adminCreateTopicRequestSchema,
  adminDeleteWordResponseSchema,
  adminOperationsSchema,
  adminStatsSchema,
  adminUpdateUserRequestSchema,
  adminWordRequestSchema,
  adminWordListSchema,
  adminWordSchema,
  lastChargeResponseSchema,
  pronunciationCheckQuerySchema,
  pronunciationCheckResponseSchema,
} from "@shared/api/admin";
import { userSchema } from "@shared/api/auth";
import { refundRequestSchema, refundResponseSchema } from "@shared/api/billing";
import { errorBodySchema, idParam, textSchema } from "@shared/api/common";
import { adminTeamRequestListSchema } from "@shared/api/teams";
import { topicSchema } from "@shared/api/topics";
import type { AppContext } from "@server/context";
import { requireAdmin } from "@server/platform/auth/session";
import { lastChargeForAdmin, refundLastCharge } from "@server/features/billing/service";
import { listTeamRequests } from "@server/features/teams/service";
import { bulkCreateWords } from "./bulk";
import {
  adminStats,
  createTopicAsAdmin,
  createWordAsAdmin,
  deleteWordAsAdmin,
  listWordsForAdmin,
  updateWordAsAdmin,
} from "./content";
import { adminOperations } from "./operations";
import { checkExistingPronunciations } from "./pronunciation";
import { listUsersForAdmin, updateUserAsAdmin } from "./users";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const userIdParam = z.object({ id: textSchema("id", { min: 1, max: 100, trim: false }) });

/** Every path this plugin serves (the access test walks them all). */
export const ADMIN_ROUTES = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/operations"],
  ["GET", "/api/admin/team-requests"],
  ["GET", "/api/admin/users"],
  ["PUT", "/api/admin/users/:id"],
  ["GET", "/api/admin/users/:id/last-charge"],
  ["POST", "/api/admin/users/:id/refund"],
  ["POST", "/api/admin/topics"],
  ["GET", "/api/admin/content"],
  ["POST", "/api/admin/content"],
  ["PUT", "/api/admin/content/:id"],
  ["DELETE", "/api/admin/content/:id"],
  ["POST", "/api/admin/content/bulk"],
  ["GET", "/api/test/pronunciation/existing"],
] as const;

/**
 * The admin console's API. The role is checked before anything else (401 visitor, 403 signed-in non-admin), so
 * nobody learns even whether their input would have been valid. Bodies are parsed in the services, with the
 * spec's messages.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", async (request) => {
      await requireAdmin(ctx, request);
    });
    const admin = (request: Parameters<typeof requireAdmin>[1]) => requireAdmin(ctx, request);

    app.get("/api/admin/stats", { schema: { response: { 200: adminStatsSchema, ...errors } } }, async () =>
      adminStats(ctx),
    );

    app.get(
      "/api/admin/operations",
      { schema: { response: { 200: adminOperationsSchema, ...errors } } },
      async () => adminOperations(ctx),
    );

    app.get(
      "/api/admin/team-requests",
      { schema: { response: { 200: adminTeamRequestListSchema, ...errors } } },
      async () => listTeamRequests(ctx),
    );

    app.get("/api/admin/users", { schema: { response: { 200: z.array(userSchema), ...errors } } }, async () =>
      listUsersForAdmin(ctx),
    );

    app.put(
      "/api/admin/users/:id",
      {
        schema: {
          params: userIdParam,
          body: adminUpdateUserRequestSchema,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => updateUserAsAdmin(ctx, await admin(request), request.params.id, request.body),
    );

    app.get(
      "/api/admin/users/:id/last-charge",
      {
        schema: {
          params: userIdParam,
          response: { 200: lastChargeResponseSchema, ...errors, 502: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => lastChargeForAdmin(ctx, request.params.id),
    );

    app.post(
      "/api/admin/users/:id/refund",
      {
        schema: {
          params: userIdParam,
          body: refundRequestSchema,
          response: { 200: refundResponseSchema, ...errors, 502: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => refundLastCharge(ctx, await admin(request), request.params.id),
    );

    app.post(
      "/api/admin/topics",
      { schema: { body: adminCreateTopicRequestSchema, response: { 201: topicSchema, ...errors } } },
      async (request, reply) => {
        const topic = await createTopicAsAdmin(ctx, await admin(request), request.body);
        return reply.status(201).send(topic);
      },
    );

    app.get(
      "/api/admin/content",
      { schema: { querystring: adminContentQuerySchema, response: { 200: adminWordListSchema, ...errors } } },
      async (request) => listWordsForAdmin(ctx, request.query.topicId),
    );

    app.post(
      "/api/admin/content",
      { schema: { body: adminWordRequestSchema, response: { 201: adminWordSchema, ...errors } } },
      async (request, reply) => {
        const word = await createWordAsAdmin(ctx, await admin(request), request.body);
        return reply.status(201).send(word);
      },
    );

    app.put(
      "/api/admin/content/:id",
      {
        schema: {
          params: idParam,
          body: adminWordRequestSchema,
          response: { 200: adminWordSchema, ...errors },
        },
      },
      async (request) => updateWordAsAdmin(ctx, await admin(request), request.params.id, request.body),
    );

    app.delete(
      "/api/admin/content/:id",
      { schema: { params: idParam, response: { 200: adminDeleteWordResponseSchema, ...errors } } },
      async (request) => deleteWordAsAdmin(ctx, await admin(request), request.params.id),
    );

    app.post(
      "/api/admin/content/bulk",
      { schema: { body: adminBulkRequestSchema, response: { 200: adminBulkResponseSchema, ...errors } } },
      async (request) => bulkCreateWords(ctx, await admin(request), request.body),
    );

    app.get(
      "/api/test/pronunciation/existing",
      {
        schema: {
          querystring: pronunciationCheckQuerySchema,
          response: { 200: pronunciationCheckResponseSchema, ...errors },
        },
      },
      async (request) => checkExistingPronunciations(ctx, request.query.topicId),
    );
  };
}

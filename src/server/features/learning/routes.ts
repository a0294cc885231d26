import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import {
  cardIdParamsSchema,
  gradeBodySchema,
  gradePreviewsQuerySchema,
  gradePreviewsResponseSchema,
  gradeResponseSchema,
  knownResponseSchema,
  progressSchema,
  reviewDueQuerySchema,
  reviewDueResponseSchema,
} from "@shared/api/learning";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import {
  gradePreviewsOf,
  listDueCards,
  markCardKnown,
  progressFor,
  recordGrade,
  unmarkCardKnown,
} from "./service";

export function learningRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/review/due",
      {
        schema: {
          querystring: reviewDueQuerySchema,
          response: { 200: reviewDueResponseSchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        reply.header("Cache-Control", "private, no-cache");
        return listDueCards(ctx, user, request.query.limit);
      },
    );

    app.get(
      "/api/review/previews",
      {
        schema: {
          querystring: gradePreviewsQuerySchema,
          response: { 200: gradePreviewsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        reply.header("Cache-Control", "private, no-cache");
        return gradePreviewsOf(ctx, user, request.query.cardIds);
      },
    );

    app.post(
      "/api/review/:cardId/grade",
      {
        schema: {
          params: cardIdParamsSchema,
          body: parsedInHandler(gradeBodySchema),
          response: { 200: gradeResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { rating, answer, channel, deliveryId, mode } = gradeBodySchema.parse(request.body ?? {});
        const asked = { userId: user.id, cardId: request.params.cardId, channel: channel ?? "web", mode };
        // The schema lets through exactly one of the two, and an answer only with its delivery.
        return recordGrade(
          ctx,
          answer !== undefined && deliveryId !== undefined
            ? { ...asked, answer, deliveryId }
            : { ...asked, rating: rating!, deliveryId },
        );
      },
    );

    app.post(
      "/api/review/:cardId/known",
      {
        schema: { params: cardIdParamsSchema, response: { 200: knownResponseSchema, 404: errorBodySchema } },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return markCardKnown(ctx, user.id, request.params.cardId);
      },
    );

    app.delete(
      "/api/review/:cardId/known",
      { schema: { params: cardIdParamsSchema } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await unmarkCardKnown(ctx, user.id, request.params.cardId);
        return reply.status(204).send();
      },
    );

    app.get(
      "/api/progress",
      { schema: { response: { 200: progressSchema, 401: errorBodySchema } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        reply.header("Cache-Control", "private, no-cache");
        return progressFor(ctx, user);
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import {
  addFavoriteRequestSchema,
  favoriteContentParams,
  favoriteListSchema,
  favoriteSchema,
} from "@shared/api/favorites";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { addFavorite, listFavorites, removeFavorite } from "./service";

export function favoriteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/favorites",
      { schema: { response: { 200: favoriteListSchema, 401: errorBodySchema } } },
      async (request) => listFavorites(ctx, (await requireUser(ctx, request)).id),
    );

    app.post(
      "/api/favorites",
      {
        schema: {
          body: parsedInHandler(addFavoriteRequestSchema),
          response: { 200: favoriteSchema, 201: favoriteSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const { contentId } = addFavoriteRequestSchema.parse(request.body ?? {});
        const { favorite, created } = await addFavorite(ctx, user.id, contentId);
        return reply.status(created ? 201 : 200).send(favorite);
      },
    );

    app.delete(
      "/api/favorites/:contentId",
      { schema: { params: favoriteContentParams } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await removeFavorite(ctx, user.id, request.params.contentId);
        return reply.status(204).send();
      },
    );
  };
}

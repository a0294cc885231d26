import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { statsSchema } from "@shared/api/stats";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { statsFor } from "./service";

export function statsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/stats",
      { schema: { response: { 200: statsSchema, 401: errorBodySchema } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        reply.header("Cache-Control", "private, no-cache");
        return statsFor(ctx, user);
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { HISTORY_NEXT_CURSOR_HEADER, historyListSchema, historyQuerySchema } from "@shared/api/history";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { listHistory } from "./service";

export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/history",
      {
        schema: {
          querystring: historyQuerySchema,
          response: { 200: historyListSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const page = await listHistory(ctx, user, request.query);
        reply.header("Cache-Control", "private, no-cache");
        if (page.nextCursor) reply.header(HISTORY_NEXT_CURSOR_HEADER, page.nextCursor);
        return page.entries;
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { recordEmailOpened } from "./service";

export function deliveryLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The e-mail's "Open in Jargon" button: counts the word as opened, then shows it in the app's history.
    app.get(
      "/api/open",
      { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (request, reply) => {
        await recordEmailOpened(ctx, request.query.token ?? "");
        return reply.header("Cache-Control", "no-store").redirect("/history");
      },
    );
  };
}

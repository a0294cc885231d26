import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EMAIL_OPENED_PARAM, emailOpenedRequestSchema } from "../../../shared/api/history";
import type { AppContext } from "../../context";
import { requireUser } from "../../platform/auth/session";
import { recordEmailOpened } from "./service";

export function deliveryLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The e-mail's "Open in Jargon" button. Mail scanners follow links before people do, so the GET only
    // lands on History; the signed-in app then records the open by POST (its user, its own delivery).
    app.get(
      "/api/open",
      { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (request, reply) => {
        const token = request.query.token;
        const target = token ? `/history?${EMAIL_OPENED_PARAM}=${encodeURIComponent(token)}` : "/history";
        return reply.header("Cache-Control", "no-store").redirect(target);
      },
    );

    app.post("/api/open", { schema: { body: emailOpenedRequestSchema } }, async (request, reply) => {
      const user = await requireUser(ctx, request);
      await recordEmailOpened(ctx, user.id, request.body.token);
      return reply.status(204).send();
    });
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { topicListSchema } from "../../../shared/api/topics";
import type { AppContext } from "../../context";
import { listTopics } from "./service";

export function topicsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the landing and marketing pages may list topics before anyone signs in.
    app.get("/api/topics", { schema: { response: { 200: topicListSchema } } }, async () => listTopics(ctx));
  };
}

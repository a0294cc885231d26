import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { creditsSchema } from "@shared/api/credits";
import { topicListSchema, topicSamplesResponseSchema } from "@shared/api/topics";
import type { AppContext } from "@server/context";
import { readLibraryCredits } from "../content/service";
import { listTopicSamples } from "./samples";
import { listTopics } from "./service";

export function topicsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the landing and marketing pages may list topics before anyone signs in.
    app.get("/api/topics", { schema: { response: { 200: topicListSchema } } }, async () => listTopics(ctx));

    // Public too: the /topics page shows three real words of each sampled domain.
    app.get(
      "/api/topics/samples",
      { schema: { response: { 200: topicSamplesResponseSchema } } },
      async (_request, reply) => {
        reply.header("Cache-Control", "public, max-age=300");
        return { topics: await listTopicSamples(ctx) };
      },
    );

    // Public: the About page names the library's sources with the notices their licences ask for.
    app.get("/api/credits", { schema: { response: { 200: creditsSchema } } }, async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=3600");
      return readLibraryCredits();
    });
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { creditsSchema } from "@shared/api/credits";
import { wordSearchQuerySchema, wordSearchResponseSchema } from "@shared/api/search";
import { topicListSchema, topicSamplesResponseSchema } from "@shared/api/topics";
import type { AppContext } from "@server/context";
import { readLibraryCredits } from "../content/service";
import { requireUser } from "@server/platform/auth/session";
import { listTopicSamples } from "./samples";
import { searchWords } from "./search";
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

    // Signed in: Discover's search over the library's words and definitions (issue 29).
    app.get(
      "/api/search",
      {
        schema: {
          querystring: wordSearchQuerySchema,
          response: { 200: wordSearchResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        await requireUser(ctx, request);
        return { words: await searchWords(ctx, request.query.q, request.query.limit) };
      },
    );

    // Public: the About page names the library's sources with the notices their licences ask for.
    app.get("/api/credits", { schema: { response: { 200: creditsSchema } } }, async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=3600");
      return readLibraryCredits();
    });
  };
}

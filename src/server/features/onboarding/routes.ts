import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import { completeOnboardingRequestSchema, completeOnboardingResponseSchema } from "@shared/api/onboarding";
import { planLimitErrorSchema } from "@shared/api/subscriptions";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { completeOnboarding, skipOnboarding } from "./service";

export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Parsed in the handler: a visitor gets 401 before any 400, and the spec's messages reach the form as written.
    app.post(
      "/api/onboarding",
      {
        schema: {
          body: parsedInHandler(completeOnboardingRequestSchema),
          response: {
            200: completeOnboardingResponseSchema,
            403: planLimitErrorSchema.or(errorBodySchema),
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return completeOnboarding(ctx, user, completeOnboardingRequestSchema.parse(request.body ?? {}));
      },
    );

    app.post(
      "/api/onboarding/skip",
      { schema: { response: { 204: z.null(), 401: errorBodySchema } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await skipOnboarding(ctx, user);
        return reply.status(204).send(null);
      },
    );
  };
}

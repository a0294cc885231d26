import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  FEEDBACK_PER_IP_PER_HOUR,
  FEEDBACK_RATE_LIMIT_MESSAGE,
  feedbackRequestSchema,
  feedbackResponseSchema,
} from "@shared/api/feedback";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { tooManyRequests } from "@server/platform/errors/app-error";
import { submitFeedback } from "./service";

export function feedbackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/feedback",
      {
        // Per IP here (in memory); per user in the service (in the database, so it holds across instances).
        config: {
          rateLimit: {
            max: FEEDBACK_PER_IP_PER_HOUR,
            timeWindow: "1 hour",
            errorResponseBuilder: () => tooManyRequests(FEEDBACK_RATE_LIMIT_MESSAGE),
          },
        },
        schema: { body: feedbackRequestSchema, response: { 201: feedbackResponseSchema } },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const id = await submitFeedback(ctx, user, request.body);
        return reply.status(201).send({
          id,
          message: "Thank you for your feedback. We'll review it and get back to you if needed.",
        });
      },
    );
  };
}

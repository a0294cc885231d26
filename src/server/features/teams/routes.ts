import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import {
  TEAM_REQUEST_RATE_LIMIT_MESSAGE,
  teamRequestAcknowledgement,
  teamRequestResponseSchema,
  teamRequestSchema,
} from "@shared/api/teams";
import { TEAM_REQUESTS_PER_IP_PER_HOUR } from "@shared/constants";
import type { AppContext } from "@server/context";
import { currentUser } from "@server/platform/auth/session";
import { tooManyRequests } from "@server/platform/errors/app-error";
import { submitTeamRequest } from "./service";

/** The public Teams form (issue 28): visitors may ask too, so no session is required. */
export function teamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/team-requests",
      {
        // Per IP here (the shared limit store, like feedback); per work address in the service.
        config: {
          rateLimit: {
            max: TEAM_REQUESTS_PER_IP_PER_HOUR,
            timeWindow: "1 hour",
            errorResponseBuilder: () => tooManyRequests(TEAM_REQUEST_RATE_LIMIT_MESSAGE),
          },
        },
        schema: {
          body: teamRequestSchema,
          response: { 201: teamRequestResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const sender = await currentUser(ctx, request);
        const id = await submitTeamRequest(ctx, sender, request.body);
        return reply.status(201).send({ id, message: teamRequestAcknowledgement(request.body.workEmail) });
      },
    );
  };
}

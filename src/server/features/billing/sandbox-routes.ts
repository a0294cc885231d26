import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  sandboxCardSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  sandboxPortalSchema,
} from "@shared/api/billing";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { confirmSandboxIntent, sandboxPortal, sandboxPortalCancel, sandboxPortalUpdateCard } from "./sandbox";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** The sandbox provider's "Stripe.js" and customer portal: our own card form and portal page call these. */
export function sandboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/sandbox/confirm",
      {
        schema: {
          body: parsedInHandler(sandboxConfirmRequestSchema),
          response: { 200: sandboxConfirmResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const input = sandboxConfirmRequestSchema.parse(request.body ?? {});
        return confirmSandboxIntent(ctx, user.id, input.clientSecret, input);
      },
    );

    app.get(
      "/api/sandbox/portal",
      { schema: { response: { 200: sandboxPortalSchema, ...errors } } },
      async (request) => sandboxPortal(ctx, await requireUser(ctx, request)),
    );

    app.post(
      "/api/sandbox/portal/payment-method",
      {
        schema: {
          body: parsedInHandler(sandboxCardSchema),
          response: { 200: sandboxPortalSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return sandboxPortalUpdateCard(ctx, user, sandboxCardSchema.parse(request.body ?? {}));
      },
    );

    app.post(
      "/api/sandbox/portal/cancel",
      { schema: { response: { 200: sandboxPortalSchema, ...errors } } },
      async (request) => sandboxPortalCancel(ctx, await requireUser(ctx, request)),
    );
  };
}

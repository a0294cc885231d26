import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  billingMessageSchema,
  cancelSubscriptionResponseSchema,
  completeSubscriptionRequestSchema,
  completeSubscriptionResponseSchema,
  confirmTrialRequestSchema,
  confirmTrialResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  customerPortalResponseSchema,
  downgradeResponseSchema,
  downgradeWithSelectionRequestSchema,
  planListSchema,
  startTrialRequestSchema,
  startTrialResponseSchema,
  stripeConfigSchema,
  stripeModeRequestSchema,
  stripeModeResponseSchema,
  validateSubscriptionResponseSchema,
} from "@shared/api/billing";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import type { AppContext } from "@server/context";
import { currentUser, requireAdmin, requireUser } from "@server/platform/auth/session";
import {
  cancelSubscription,
  cancelTrial,
  completeSubscription,
  confirmTrial,
  createCustomerPortal,
  createPaymentIntent,
  downgradeWithSelection,
  getStripeConfig,
  getStripeMode,
  listPlans,
  reactivateSubscription,
  setStripeMode,
  startTrial,
  validateSubscription,
  receiveStripeWebhook,
} from "./service";

// Bodies are parsed in the handlers (after the sign-in check), so the spec's own messages reach the client as written.
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};

export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Before the body is parsed: a visitor or non-admin gets 401/403 even for a malformed body.
  const adminOnly = async (request: FastifyRequest) => {
    await requireAdmin(ctx, request);
  };
  return async (app) => {
    app.get("/api/subscription-plans", { schema: { response: { 200: planListSchema } } }, async (request) =>
      listPlans(await currentUser(ctx, request)),
    );

    app.get(
      "/api/stripe-config",
      { schema: { response: { 200: stripeConfigSchema, ...errors } } },
      async () => getStripeConfig(ctx),
    );

    app.post(
      "/api/start-trial",
      {
        schema: {
          body: parsedInHandler(startTrialRequestSchema),
          response: { 200: startTrialResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        startTrialRequestSchema.parse(request.body ?? {});
        return startTrial(ctx, user.id);
      },
    );

    app.post(
      "/api/confirm-trial",
      {
        schema: {
          body: parsedInHandler(confirmTrialRequestSchema),
          response: { 200: confirmTrialResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { setupIntentId } = confirmTrialRequestSchema.parse(request.body ?? {});
        return confirmTrial(ctx, user.id, setupIntentId);
      },
    );

    app.post(
      "/api/cancel-trial",
      { schema: { response: { 200: billingMessageSchema, ...errors } } },
      async (request) => cancelTrial(ctx, (await requireUser(ctx, request)).id),
    );

    app.post(
      "/api/create-payment-intent",
      {
        schema: {
          body: parsedInHandler(createPaymentIntentRequestSchema),
          response: { 200: createPaymentIntentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { planName, interval, currency } = createPaymentIntentRequestSchema.parse(request.body ?? {});
        return createPaymentIntent(ctx, user, planName, { interval, currency });
      },
    );

    app.post(
      "/api/downgrade-with-selection",
      {
        schema: {
          body: parsedInHandler(downgradeWithSelectionRequestSchema),
          response: { 200: downgradeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { selectedSubscriptionId } = downgradeWithSelectionRequestSchema.parse(request.body ?? {});
        return downgradeWithSelection(ctx, user.id, selectedSubscriptionId);
      },
    );

    app.post(
      "/api/cancel-subscription",
      { schema: { response: { 200: cancelSubscriptionResponseSchema, ...errors } } },
      async (request) => cancelSubscription(ctx, (await requireUser(ctx, request)).id),
    );

    app.post(
      "/api/reactivate-subscription",
      { schema: { response: { 200: billingMessageSchema, ...errors } } },
      async (request) => reactivateSubscription(ctx, (await requireUser(ctx, request)).id),
    );

    app.post(
      "/api/complete-subscription",
      {
        schema: {
          body: parsedInHandler(completeSubscriptionRequestSchema),
          response: { 200: completeSubscriptionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { setupIntentId } = completeSubscriptionRequestSchema.parse(request.body ?? {});
        return completeSubscription(ctx, user.id, setupIntentId);
      },
    );

    app.post(
      "/api/create-customer-portal",
      { schema: { response: { 200: customerPortalResponseSchema, ...errors } } },
      async (request) => createCustomerPortal(ctx, (await requireUser(ctx, request)).id),
    );

    app.post(
      "/api/validate-subscription",
      { schema: { response: { 200: validateSubscriptionResponseSchema, ...errors } } },
      async (request) => validateSubscription(ctx, (await requireUser(ctx, request)).id),
    );

    app.get(
      "/api/admin/stripe-mode",
      { onRequest: adminOnly, schema: { response: { 200: stripeModeResponseSchema, ...errors } } },
      async (request) => {
        await requireAdmin(ctx, request);
        return getStripeMode(ctx);
      },
    );

    app.post(
      "/api/admin/stripe-mode",
      {
        onRequest: adminOnly,
        schema: {
          body: parsedInHandler(stripeModeRequestSchema),
          response: { 200: stripeModeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const admin = await requireAdmin(ctx, request);
        const { mode } = stripeModeRequestSchema.parse(request.body ?? {});
        return setStripeMode(ctx, admin, mode);
      },
    );

    // Stripe signs the exact bytes it sent: this plugin (and only this one) keeps JSON bodies raw.
    await app.register(async (webhooks) => {
      webhooks.removeContentTypeParser("application/json");
      webhooks.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
        done(null, body),
      );
      webhooks.post("/api/webhooks/stripe", async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
        const signature = request.headers["stripe-signature"];
        const outcome = await receiveStripeWebhook(
          ctx,
          body,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true, duplicate: outcome === "duplicate" };
      });
    });
  };
}

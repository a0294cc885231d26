import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema, messageSchema, parsedInHandler } from "@shared/api/common";
import {
  exhaustedSubscriptionsSchema,
  planLimitErrorSchema,
  subscriptionActiveRequestSchema,
  subscriptionContracts,
  subscriptionIdParams,
} from "@shared/api/subscriptions";
import type { Config } from "@server/config";
import type { AppContext } from "@server/context";
import { requireAdmin, requireUser } from "@server/platform/auth/session";
import { AppError, conflict } from "@server/platform/errors/app-error";
import { updatePreferences } from "../preferences/service";
import {
  createSubscription,
  deleteSubscription,
  editSubscription,
  getOwnSubscription,
  listSubscriptions,
  setSubscriptionActive,
  turnOffSubscriptionEmail,
} from "./service";
import {
  dailyReviewConfirmPage,
  dailyReviewOffPage,
  invalidLinkPage,
  unsubscribeConfirmPage,
  unsubscribedPage,
} from "./unsubscribe-page";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * What these routes ask of the delivery engine, handed in by app.ts (where features meet), so that subscriptions and
 * delivery never import each other: the engine reads subscriptions, and these routes only call it.
 */
export interface DeliveryPort {
  /** The user's subscriptions whose topic has no new word left for them. */
  exhaustedSubscriptionIds(ctx: AppContext, userId: string): Promise<number[]>;
  /** E-mails the subscription's next word to its owner now; the outcome of the first attempt. */
  sendDemo(
    ctx: AppContext,
    target: { userId: string; subscriptionId: number; topicId: number; level: number },
  ): Promise<{ outcome: "sent" | "retrying" | "failed"; error: string | null }>;
  /** The subscription's link id an unsubscribe link names, or null for a link we did not sign. */
  verifyUnsubscribeToken(config: Config, token: string): string | null;
  /** The delivery link id a daily review e-mail's unsubscribe link names, or null for a link we did not sign. */
  verifyDailyReviewUnsubscribeToken(config: Config, token: string): string | null;
  /** The learner a daily review e-mail went to, by the delivery link id its verified link names (null: gone). */
  dailyReviewUnsubscriber(ctx: AppContext, deliveryLinkId: string): Promise<string | null>;
}

export function subscriptionRoutes(ctx: AppContext, delivery: DeliveryPort): FastifyPluginAsyncZod {
  // Built from the app's registry, so every channel it registers is accepted and answered without another list.
  const {
    createSubscriptionRequestSchema,
    editSubscriptionRequestSchema,
    parseSubscriptionPatch,
    subscriptionListSchema,
    subscriptionSchema,
  } = subscriptionContracts(ctx.declaredChannels);
  return async (app) => {
    app.get(
      "/api/subscriptions",
      { schema: { response: { 200: subscriptionListSchema, 401: errorBodySchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        return listSubscriptions(ctx, user.id);
      },
    );

    app.get(
      "/api/subscriptions/exhausted",
      { schema: { response: { 200: exhaustedSubscriptionsSchema, 401: errorBodySchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        return { subscriptionIds: await delivery.exhaustedSubscriptionIds(ctx, user.id) };
      },
    );

    // Bodies are parsed in the handler so the spec's messages ('Please select a topic') reach the client as written.
    app.post(
      "/api/subscriptions",
      {
        schema: {
          body: parsedInHandler(createSubscriptionRequestSchema),
          response: { 201: subscriptionSchema, 403: planLimitErrorSchema.or(errorBodySchema) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const input = createSubscriptionRequestSchema.parse(request.body ?? {});
        return reply.status(201).send(await createSubscription(ctx, user.id, input));
      },
    );

    app.patch(
      "/api/subscriptions/:id",
      {
        schema: {
          params: subscriptionIdParams,
          body: parsedInHandler(editSubscriptionRequestSchema),
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const patch = parseSubscriptionPatch(request.body ?? {});
        return patch.kind === "active"
          ? setSubscriptionActive(ctx, user.id, request.params.id, patch.active)
          : editSubscription(ctx, user.id, request.params.id, patch.edit);
      },
    );

    app.put(
      "/api/subscriptions/:id",
      {
        schema: {
          params: subscriptionIdParams,
          body: parsedInHandler(subscriptionActiveRequestSchema),
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { active } = subscriptionActiveRequestSchema.parse(request.body ?? {});
        return setSubscriptionActive(ctx, user.id, request.params.id, active);
      },
    );

    app.delete(
      "/api/subscriptions/:id",
      { schema: { params: subscriptionIdParams } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await deleteSubscription(ctx, user.id, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      "/api/subscriptions/:id/demo",
      {
        schema: {
          params: subscriptionIdParams,
          response: { 200: messageSchema, ...errors, 409: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(ctx, request);
        const subscription = await getOwnSubscription(ctx, admin.id, request.params.id);
        if (!subscription.active || subscription.status !== "active") {
          throw conflict(
            "This subscription is inactive. Turn it on to send a demo.",
            "SUBSCRIPTION_INACTIVE",
          );
        }
        const result = await delivery.sendDemo(ctx, {
          userId: admin.id,
          subscriptionId: subscription.id,
          topicId: subscription.topicId,
          level: subscription.level,
        });
        if (result.outcome === "sent") return { message: "Demo sent" };
        throw new AppError(
          502,
          result.outcome === "retrying"
            ? `The mail server did not accept the demo yet (${result.error ?? "temporary failure"}); it will be retried.`
            : `The demo e-mail could not be sent: ${result.error ?? "unknown error"}`,
          "DEMO_NOT_SENT",
        );
      },
    );

    await app.register(unsubscribeRoutes(ctx, delivery));
  };
}

/**
 * The signed link of every delivery e-mail: GET shows a confirmation page (link scanners only fetch GET); POST
 * turns e-mail off, from that page or from a mail client's one-click (RFC 8058) request. Mail clients differ in
 * what they send with that POST (a form body, nothing, an empty JSON body), so this scope reads any body as
 * optional form fields and never refuses a request for its body: the token is what counts.
 */
function unsubscribeRoutes(ctx: AppContext, delivery: DeliveryPort): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const unsubscribeQuery = z.object({ token: z.string().max(200).optional() });
    app.get("/api/unsubscribe", { schema: { querystring: unsubscribeQuery } }, async (request, reply) => {
      const token = request.query.token ?? "";
      reply.header("Cache-Control", "no-store").type("text/html");
      if (delivery.verifyDailyReviewUnsubscribeToken(ctx.config, token) !== null)
        return reply.send(dailyReviewConfirmPage(token));
      if (delivery.verifyUnsubscribeToken(ctx.config, token) === null)
        return reply.status(400).send(invalidLinkPage());
      return reply.send(unsubscribeConfirmPage(token));
    });
    app.post(
      "/api/unsubscribe",
      // A POST with no body at all arrives as null: that is the plainest one-click request there is.
      { schema: { querystring: unsubscribeQuery, body: z.record(z.string(), z.string()).nullish() } },
      async (request, reply) => {
        const token = request.query.token ?? request.body?.token ?? "";
        const dailyReviewLinkId = delivery.verifyDailyReviewUnsubscribeToken(ctx.config, token);
        if (dailyReviewLinkId !== null) {
          // The daily review e-mail carries every subscription's reviews: stopping it keeps them in the app.
          const userId = await delivery.dailyReviewUnsubscriber(ctx, dailyReviewLinkId);
          if (userId !== null) await updatePreferences(ctx, userId, { reviewDelivery: "app_only" });
          reply.header("Cache-Control", "no-store").type("text/html");
          return reply.send(dailyReviewOffPage());
        }
        const subscriptionLinkId = delivery.verifyUnsubscribeToken(ctx.config, token);
        const topicName =
          subscriptionLinkId === null ? null : await turnOffSubscriptionEmail(ctx, subscriptionLinkId);
        reply.header("Cache-Control", "no-store").type("text/html");
        // A deleted subscription sends no more e-mail either: that is success from the recipient's side.
        if (subscriptionLinkId === null) return reply.status(400).send(invalidLinkPage());
        return reply.send(unsubscribedPage(topicName ?? ""));
      },
    );
  };
}

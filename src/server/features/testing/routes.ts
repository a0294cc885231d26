import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { createSession, setSessionCookie } from "../../platform/auth/session";
import { upsertUser } from "../auth/service";
import { requireUser } from "../../platform/auth/session";
import { and, eq, min } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { runSchedulerOnce } from "../delivery/service";
import { runBillingSweep } from "../billing/service";
import { MINUTE_MS } from "../../../shared/constants";
import { textSchema } from "../../../shared/api/common";
import { listHistory } from "../history/service";
import { createPushChannel } from "../push";
import { conflict, notFound } from "../../platform/errors/app-error";

const runDeliveriesSchema = z.object({
  /** The instant the engine runs at; by default the caller's earliest next delivery (or now, if that is past). */
  at: z.iso.datetime({ offset: true }).optional(),
});

const runBillingSchema = z.object({
  /** The instant the billing sweep runs at; by default one minute after the caller's next billing date. */
  at: z.iso.datetime({ offset: true }).optional(),
});

const testLoginSchema = z.object({
  email: z.email(),
  firstName: textSchema("firstName", { max: 100 }).nullable().optional(),
  lastName: textSchema("lastName", { max: 100 }).nullable().optional(),
  profileImageUrl: textSchema("profileImageUrl", { max: 2000 }).nullable().optional(),
});

/**
 * Shortcuts for the browser tests, registered only when NODE_ENV=test (see app.ts): signing in without
 * the e-mail round trip. One browser test still walks the real magic-link flow.
 */
export function testingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/api/test/login", { schema: { body: testLoginSchema } }, async (request, reply) => {
      const user = await upsertUser(ctx, request.body);
      setSessionCookie(ctx, reply, await createSession(ctx, user.id));
      return { id: user.id, email: user.email, isAdmin: user.isAdmin };
    });

    // Time travel for one user: runs the real delivery engine as if the clock read `at`, for the caller's
    // subscriptions only, so parallel tests sharing this server never see each other's deliveries.
    app.post("/api/test/deliveries/run", { schema: { body: runDeliveriesSchema } }, async (request) => {
      const user = await requireUser(ctx, request);
      const at = request.body.at ? new Date(request.body.at) : await earliestNextDelivery(ctx, user.id);
      const now = ctx.clock.now();
      const runAt = at > now ? at : now;
      const run = await runSchedulerOnce({ ...ctx, clock: { now: () => runAt } }, { onlyUserId: user.id });
      return { ...run, at: runAt.toISOString() };
    });

    // Web push for the browser tests, until the delivery engine sends push itself: the caller's latest delivered
    // word through the real push channel to every browser they registered; answers what the channel answered.
    app.post("/api/test/push/send", async (request) => {
      const user = await requireUser(ctx, request);
      const { entries } = await listHistory(ctx, user, { limit: 1 });
      const latest = entries[0];
      if (!latest) throw notFound("No delivered word to push");
      const { content } = latest;
      const channel = createPushChannel(ctx);
      const message = {
        deliveryId: latest.id,
        source: latest.source,
        recipient: { userId: user.id, email: user.email, phoneNumber: null },
        word: { ...content },
        topicName: content.topic.displayName,
        links: { open: `${ctx.config.appUrl}/history`, unsubscribe: null },
      };
      try {
        return await channel.send(await channel.render(message), message);
      } catch (error) {
        throw conflict(error instanceof Error ? error.message : "Push failed", "PUSH_FAILED");
      }
    });

    // Time travel for one user's billing: the sandbox's trial end, renewals and period ends, the trial-ending
    // e-mail and the 7-day past-due suspension, as if the clock read `at`, for the caller's account only.
    app.post("/api/test/billing/run", { schema: { body: runBillingSchema } }, async (request) => {
      const user = await requireUser(ctx, request);
      const at = request.body.at ? new Date(request.body.at) : nextBillingMoment(user);
      const now = ctx.clock.now();
      const runAt = at && at > now ? at : now;
      const result = await runBillingSweep({ ...ctx, clock: { now: () => runAt } }, { onlyUserId: user.id });
      return { ...result, at: runAt.toISOString() };
    });
  };
}

async function earliestNextDelivery(ctx: AppContext, userId: string): Promise<Date> {
  const [row] = await ctx.db
    .select({ at: min(subscriptions.nextDeliveryAt) })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.active, true)));
  return row?.at ?? ctx.clock.now();
}

/** One minute past the earliest date the user's billing changes on its own (trial end, renewal, period end). */
function nextBillingMoment(user: {
  trialEndDate: Date | null;
  nextBillingDate: Date | null;
  subscriptionEndsAt: Date | null;
}): Date | undefined {
  const dates = [user.trialEndDate, user.nextBillingDate, user.subscriptionEndsAt].filter(
    (date): date is Date => date !== null,
  );
  if (dates.length === 0) return undefined;
  return new Date(Math.min(...dates.map((date) => date.getTime())) + MINUTE_MS);
}

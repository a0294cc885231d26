import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "@server/context";
import { createSession, setSessionCookie } from "@server/platform/auth/session";
import { upsertUser } from "../auth/service";
import { requireUser } from "@server/platform/auth/session";
import { and, eq, min } from "drizzle-orm";
import { subscriptions, users } from "@server/db/schema";
import { runSchedulerOnce } from "../delivery/service";
import { runBillingSweep } from "../billing/service";
import { MINUTE_MS } from "@shared/constants";
import { textSchema } from "@shared/api/common";

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
  /** False leaves a new user's first-session flow to show (most tests start past it). */
  onboarded: z.boolean().default(true),
});

/**
 * Shortcuts for the browser tests, registered only when NODE_ENV=test (see app.ts): signing in without
 * the e-mail round trip. One browser test still walks the real magic-link flow.
 */
export function testingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/api/test/login", { schema: { body: testLoginSchema } }, async (request, reply) => {
      const { onboarded, ...claims } = request.body;
      const user = await upsertUser(ctx, claims);
      if (onboarded && user.onboardedAt === null && user.onboardingSkippedAt === null) {
        await ctx.db.update(users).set({ onboardedAt: ctx.clock.now() }).where(eq(users.id, user.id));
      }
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

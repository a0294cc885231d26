import { and, desc, eq, gte, inArray, min, sql, type SQL } from "drizzle-orm";
import { ADMIN_OPERATIONS_BILLING_EVENTS, type AdminOperations } from "@shared/api/admin";
import { DAY_MS } from "@shared/constants";
import type { AppContext } from "@server/context";
import { billingEvents, deliverySends, users } from "@server/db/schema";
import { smsBudgetAlert, smsBudgetUse } from "@server/platform/sms/cost-controls";

const PAID_PLANS = ["basic", "premium", "pro"];

/**
 * What an operator checks first: accounts and trials, paying accounts per plan, the last day's sends per channel,
 * how long the outbox's oldest waiting send has waited, the latest billing events, and today's text budgets with
 * an alert for each at 80 % or more. Each figure is one small
 * aggregate (the sends by their created_at, over an index-free scan bounded to 24 hours of rows).
 */
export async function adminOperations(ctx: AppContext): Promise<AdminOperations> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - DAY_MS);
  const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [userCounts] = await ctx.db
    .select({ total: sql<number>`count(*)::int`, activeTrials: countWhere(eq(users.trialStatus, "active")) })
    .from(users);
  const plans = await ctx.db
    .select({ plan: users.subscriptionPlan, users: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(inArray(users.subscriptionPlan, PAID_PLANS), sql`coalesce(${users.trialStatus}, '') <> 'active'`),
    )
    .groupBy(users.subscriptionPlan);
  const sends = await ctx.db
    .select({
      channel: deliverySends.channel,
      sent: countWhere(eq(deliverySends.status, "sent")),
      failed: countWhere(eq(deliverySends.status, "failed")),
      pending: countWhere(eq(deliverySends.status, "pending")),
    })
    .from(deliverySends)
    .where(gte(deliverySends.createdAt, since))
    .groupBy(deliverySends.channel)
    .orderBy(deliverySends.channel);
  const [oldest] = await ctx.db
    .select({ at: min(deliverySends.createdAt) })
    .from(deliverySends)
    .where(eq(deliverySends.status, "pending"));
  const events = await ctx.db
    .select({
      id: billingEvents.id,
      type: billingEvents.type,
      email: users.email,
      createdAt: billingEvents.createdAt,
    })
    .from(billingEvents)
    .innerJoin(users, eq(users.id, billingEvents.userId))
    .orderBy(desc(billingEvents.id))
    .limit(ADMIN_OPERATIONS_BILLING_EVENTS);
  const smsBudgets = await smsBudgetUse(ctx);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    generatedAt: now.toISOString(),
    users: { total: userCounts?.total ?? 0, activeTrials: userCounts?.activeTrials ?? 0 },
    paidPlans: PAID_PLANS.map((plan) => ({
      plan,
      users: plans.find((row) => row.plan === plan)?.users ?? 0,
    })),
    sendsLast24h: sends,
    oldestPendingSendAt: oldest?.at ? iso(oldest.at) : null,
    lastBillingEvents: events.map((row) => ({
      id: row.id,
      type: row.type,
      userEmail: row.email,
      createdAt: iso(row.createdAt),
    })),
    smsBudgets,
    alerts: smsBudgets.flatMap((use) => smsBudgetAlert(use) ?? []),
  };
}

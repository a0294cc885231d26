import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import { billingAccounts, billingEvents, users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { notFound } from "@server/platform/errors/app-error";
import { fitSubscriptionsToPlan } from "../subscriptions/service";
import { sendBillingEmail } from "./emails";

/** The user's plan fields: the only billing state the rest of the product reads. */
export interface PlanFields {
  subscriptionPlan: string;
  subscriptionStatus: string | null;
  trialStatus: string | null;
  trialPlan: string | null;
  trialEndDate: Date | null;
  subscriptionEndsAt: Date | null;
  nextBillingDate: Date | null;
  billingInterval: string | null;
  billingCurrency: string | null;
}

export type AccountRow = typeof billingAccounts.$inferSelect;
export type AccountChange = Partial<Omit<AccountRow, "userId" | "updatedAt">>;

const PLAN_FIELD_NAMES: (keyof PlanFields)[] = [
  "subscriptionPlan",
  "subscriptionStatus",
  "trialStatus",
  "trialPlan",
  "trialEndDate",
  "subscriptionEndsAt",
  "nextBillingDate",
  "billingInterval",
  "billingCurrency",
];

export const planFieldsOf = (user: UserRow): PlanFields => ({
  subscriptionPlan: user.subscriptionPlan,
  subscriptionStatus: user.subscriptionStatus,
  trialStatus: user.trialStatus,
  trialPlan: user.trialPlan,
  trialEndDate: user.trialEndDate,
  subscriptionEndsAt: user.subscriptionEndsAt,
  nextBillingDate: user.nextBillingDate,
  billingInterval: user.billingInterval,
  billingCurrency: user.billingCurrency,
});

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : a === b;

export interface BillingChange {
  plan?: Partial<PlanFields>;
  account?: AccountChange;
  audit: {
    type: string;
    provider?: string | null;
    objectId?: string | null;
    details?: Record<string, unknown>;
  };
  /** More work that must commit with the plan change (pausing or resuming subscriptions). */
  alsoInTransaction?: (
    tx: Transaction,
    before: UserRow,
    after: PlanFields,
  ) => Promise<Record<string, unknown> | void>;
}

/**
 * THE way billing state changes: locks the user row, writes the plan fields and the billing account, runs the
 * follow-up work and appends the audit event, all in one transaction. Nothing is written (and no event kept)
 * when nothing changes, which is what makes replayed webhooks harmless.
 */
export async function changeBillingState(
  ctx: AppContext,
  userId: string,
  change: BillingChange,
): Promise<{ changed: boolean; before: PlanFields; after: PlanFields }> {
  const result = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound("User not found");
    const before = planFieldsOf(user);
    const after: PlanFields = { ...before, ...change.plan };
    const planChanged = PLAN_FIELD_NAMES.some((name) => !sameValue(before[name], after[name]));
    const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
    const accountChanged = Object.entries(change.account ?? {}).some(
      ([name, value]) => !sameValue(account?.[name as keyof AccountRow] ?? null, value ?? null),
    );
    if (!planChanged && !accountChanged && !change.alsoInTransaction)
      return { changed: false, before, after, frequencyChanges: [], user };

    const now = ctx.clock.now();
    if (planChanged)
      await tx
        .update(users)
        .set({ ...after, updatedAt: now })
        .where(eq(users.id, userId));
    if (change.account) {
      await tx
        .insert(billingAccounts)
        .values({ userId, ...change.account, updatedAt: now })
        .onConflictDoUpdate({ target: billingAccounts.userId, set: { ...change.account, updatedAt: now } });
    }
    const extra: Record<string, unknown> = {
      ...(change.alsoInTransaction ? await change.alsoInTransaction(tx, user, after) : {}),
    };
    // Every way down (trial end, cancellation, suspension, an admin's edit) passes here, so this is the one
    // place that takes premium frequencies away when the new plan no longer includes them.
    const frequencyChanges = planChanged ? await fitSubscriptionsToPlan(tx, userId, after, now) : [];
    if (frequencyChanges.length) {
      extra.frequencyChanged = frequencyChanges.map((entry) => entry.subscriptionId);
      await tx
        .insert(billingAccounts)
        .values({ userId, scheduleNotice: frequencyChanges, updatedAt: now })
        .onConflictDoUpdate({
          target: billingAccounts.userId,
          set: { scheduleNotice: frequencyChanges, updatedAt: now },
        });
    }
    if (planChanged || accountChanged || Object.values(extra).some((v) => Array.isArray(v) && v.length)) {
      await tx.insert(billingEvents).values({
        userId,
        type: change.audit.type,
        provider: change.audit.provider ?? null,
        objectId: change.audit.objectId ?? null,
        fromState: planChanged ? before : null,
        toState: planChanged ? after : null,
        details: { ...change.audit.details, ...extra },
        createdAt: now,
      });
    }
    return { changed: planChanged, before, after, frequencyChanges, user };
  });
  if (result.frequencyChanges.length) {
    await sendBillingEmail(
      ctx,
      result.user,
      { kind: "schedule_changed", changes: result.frequencyChanges },
      `schedule-changed:${userId}:${ctx.clock.now().toISOString()}`,
    );
  }
  return { changed: result.changed, before: result.before, after: result.after };
}

export async function getAccount(ctx: AppContext, userId: string): Promise<AccountRow | undefined> {
  const [account] = await ctx.db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return account;
}

/** Changes whenever the user's billing state does: part of every idempotency key sent to the provider. */
export async function billingVersion(ctx: AppContext, userId: string): Promise<number> {
  const [last] = await ctx.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, userId)))
    .orderBy(desc(billingEvents.id))
    .limit(1);
  return last?.id ?? 0;
}

export async function loadUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  return user;
}

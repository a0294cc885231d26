import { REFUND_PROCESSING_BUSINESS_DAYS, REFUND_WINDOW_DAYS } from "@shared/constants";
import { formatBillingDay, formatMoney, isPaidPlan, isWithinRefundWindow } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import type { UserRow } from "@server/platform/auth/session";
import type { ChargeInfo } from "@server/platform/payments/provider";
import { eq } from "drizzle-orm";
import { users } from "@server/db/schema";
import { conflict, notFound } from "@server/platform/errors/app-error";
import { currentSubscription } from "./current-plan";
import { customerOf } from "./customers";
import { sendBillingEmail } from "./emails";
import { withBillingLock } from "./lock";
import { forgetOnce, isRecorded, recordOnce } from "./once";
import { payments } from "./providers";
import { getAccount, loadUser } from "./state";
import { applyProviderSubscription } from "./sync";

interface Refusal {
  message: string;
  code: "NO_CHARGE" | "ALREADY_REFUNDED" | "REFUND_WINDOW_PASSED";
}

const described = (charge: ChargeInfo) =>
  `${formatMoney(charge.amount, charge.currency)} on ${formatBillingDay(charge.paidAt)}`;
const alreadyRefunded = (charge: ChargeInfo): Refusal => ({
  message: `The last charge (${described(charge)}) has already been refunded.`,
  code: "ALREADY_REFUNDED",
});

/** The learner's last charge and whether support may refund it, with the Terms' reason when not. */
async function assessLastCharge(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const registry = payments(ctx);
  const account = await getAccount(ctx, userId);
  const providerKey = account?.provider ?? (await registry.current()).key;
  const provider = registry.byKey(providerKey);
  const customerId = await customerOf(ctx, userId, providerKey);
  const charge = customerId ? await provider.lastCharge(customerId) : null;
  if (!charge) {
    const refusal: Refusal = {
      message: "This learner has never been charged: there is nothing to refund.",
      code: "NO_CHARGE",
    };
    return { account, provider, charge, refusal } as const;
  }
  const once = `refund:${provider.key}:${charge.invoiceId}`;
  if (await isRecorded(ctx, once))
    return { account, provider, charge, refusal: alreadyRefunded(charge) } as const;
  if (!isWithinRefundWindow(charge.paidAt, ctx.clock.now())) {
    const refusal: Refusal = {
      message: `The last charge (${described(charge)}) is more than ${REFUND_WINDOW_DAYS} days old: the Terms allow a refund within ${REFUND_WINDOW_DAYS} days of a charge.`,
      code: "REFUND_WINDOW_PASSED",
    };
    return { account, provider, charge, refusal } as const;
  }
  return { account, provider, charge, once, refusal: null } as const;
}

/** What the admin's "Refund last payment" button offers: the charge, and why it cannot be refunded if so. */
export async function lastChargeForAdmin(ctx: AppContext, userId: string) {
  const { charge, refusal } = await assessLastCharge(ctx, userId);
  return {
    charge: charge
      ? { amount: charge.amount, currency: charge.currency, chargedAt: charge.paidAt.toISOString() }
      : null,
    refusal,
  };
}

/**
 * Support refunds a learner's last charge, as the Terms promise: on request within 30 days of the charge, all of
 * it, back to the card it came from. A full refund means the period was not paid for, so the paid plan ends at
 * once and the account moves to Free (unlike a cancellation, which keeps the plan to the period's end). A charge
 * older than the window, one already refunded, or no charge at all is refused with a message saying why.
 */
export function refundLastCharge(ctx: AppContext, admin: Pick<UserRow, "id" | "email">, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const assessed = await assessLastCharge(ctx, userId);
    if (assessed.refusal) throw conflict(assessed.refusal.message, assessed.refusal.code);
    const { account, provider, charge, once } = assessed;
    const first = await recordOnce(ctx, userId, once, "refund.issued", {
      adminId: admin.id,
      adminEmail: admin.email,
      invoiceId: charge.invoiceId,
      amount: charge.amount,
      currency: charge.currency,
    });
    if (!first) throw conflict(alreadyRefunded(charge).message, "ALREADY_REFUNDED");
    const refund = await provider.refundInvoice(charge.invoiceId, once).catch(async (error: unknown) => {
      await forgetOnce(ctx, once); // not refunded: support may try again
      throw error;
    });

    const learner = await loadUser(ctx, userId);
    const endedPlan = isPaidPlan(learner.subscriptionPlan) ? learner.subscriptionPlan : null;
    const current = currentSubscription(ctx, account);
    if (current) {
      const ended = await current.provider.cancelNow(current.id, `refund-cancel:${current.id}`);
      await applyProviderSubscription(ctx, current.provider, ended, {
        cause: "refund",
        userInitiated: true,
        endAnnouncedByCaller: true,
      });
    }
    await sendBillingEmail(
      ctx,
      learner,
      {
        kind: "refund_issued",
        amount: refund.amount,
        currency: refund.currency,
        chargedAt: charge.paidAt,
        endedPlan: current ? endedPlan : null,
      },
      `email:${once}`,
    );
    const amount = formatMoney(refund.amount, refund.currency);
    return {
      message: `Refunded ${amount} (the charge of ${formatBillingDay(charge.paidAt)}). It reaches the card within ${REFUND_PROCESSING_BUSINESS_DAYS} business days.${current && endedPlan ? " Their paid plan has ended and the account is now on the Free plan." : ""}`,
      amount: refund.amount,
      currency: refund.currency,
      chargedAt: charge.paidAt.toISOString(),
    };
  });
}

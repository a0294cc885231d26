import { REFUND_PROCESSING_BUSINESS_DAYS, REFUND_WINDOW_DAYS } from "@shared/constants";
import { formatBillingDay, formatMoney, isPaidPlan, isWithinRefundWindow } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import type { UserRow } from "@server/platform/auth/session";
import { eq } from "drizzle-orm";
import { users } from "@server/db/schema";
import { conflict, notFound } from "@server/platform/errors/app-error";
import { currentSubscription } from "./current-plan";
import { customerOf } from "./customers";
import { sendBillingEmail } from "./emails";
import { withBillingLock } from "./lock";
import { forgetOnce, recordOnce } from "./once";
import { payments } from "./providers";
import { getAccount, loadUser } from "./state";
import { applyProviderSubscription } from "./sync";

/**
 * Support refunds a learner's last charge, as the Terms promise: on request within 30 days of the charge, all of
 * it, back to the card it came from. A full refund means the period was not paid for, so the paid plan ends at
 * once and the account moves to Free (unlike a cancellation, which keeps the plan to the period's end). A charge
 * older than the window, one already refunded, or no charge at all is refused with a message saying why.
 */
export function refundLastCharge(ctx: AppContext, admin: Pick<UserRow, "id" | "email">, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound("User not found");
    const registry = payments(ctx);
    const account = await getAccount(ctx, userId);
    const providerKey = account?.provider ?? (await registry.current()).key;
    const provider = registry.byKey(providerKey);
    const customerId = await customerOf(ctx, userId, providerKey);
    const charge = customerId ? await provider.lastCharge(customerId) : null;
    if (!charge)
      throw conflict("This learner has never been charged: there is nothing to refund.", "NO_CHARGE");
    const charged = `${formatMoney(charge.amount, charge.currency)} on ${formatBillingDay(charge.paidAt)}`;
    if (!isWithinRefundWindow(charge.paidAt, ctx.clock.now())) {
      throw conflict(
        `The last charge (${charged}) is more than ${REFUND_WINDOW_DAYS} days old: the Terms allow a refund within ${REFUND_WINDOW_DAYS} days of a charge.`,
        "REFUND_WINDOW_PASSED",
      );
    }
    const once = `refund:${provider.key}:${charge.invoiceId}`;
    const first = await recordOnce(ctx, userId, once, "refund.issued", {
      adminId: admin.id,
      adminEmail: admin.email,
      invoiceId: charge.invoiceId,
      amount: charge.amount,
      currency: charge.currency,
    });
    if (!first) throw conflict(`The last charge (${charged}) has already been refunded.`, "ALREADY_REFUNDED");
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

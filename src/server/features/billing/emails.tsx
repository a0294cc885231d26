import { Button, Text } from "@react-email/components";
import {
  type BillingInterval,
  type Currency,
  PLAN_DISPLAY_NAMES,
  PLAN_NAMES,
  type PlanName,
  REFUND_PROCESSING_BUSINESS_DAYS,
} from "@shared/constants";
import type { AppContext } from "@server/context";
import type { UserRow } from "@server/platform/auth/session";
import { redactAddress } from "@server/platform/mail/mailer";
import { renderMail } from "@server/platform/mail/render";
import { EmailLayout, brand, toned } from "@server/platform/mail/templates/layout";
import { formatMoney, planDefinition } from "@shared/rules/billing";
import { describeFrequencyChange } from "@shared/rules/frequencies";
import type { FrequencyChange } from "../subscriptions/service";
import { longDate } from "./current-plan";
import { forgetOnce, recordOnce } from "./once";

function BillingEmail({
  title,
  lines,
  action,
}: {
  title: string;
  lines: string[];
  action?: { label: string; href: string };
}) {
  return (
    <EmailLayout preview={title}>
      <Text {...toned("ink", { fontSize: "18px", fontWeight: 600, margin: "0 0 12px" })}>{title}</Text>
      {lines.map((line) => (
        <Text key={line} {...toned("muted", { fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" })}>
          {line}
        </Text>
      ))}
      {action ? (
        <Button
          href={action.href}
          style={{
            backgroundColor: brand.accent,
            color: "#ffffff",
            padding: "12px 20px",
            borderRadius: "8px",
            fontWeight: 600,
            textDecoration: "none",
          }}
        >
          {action.label}
        </Button>
      ) : null}
    </EmailLayout>
  );
}

const planLabel = (plan: string) =>
  (PLAN_NAMES as readonly string[]).includes(plan) ? PLAN_DISPLAY_NAMES[plan as PlanName] : plan;
/** What moving to Free does, said by every e-mail that announces it (the plan's end, a refund). */
const ON_FREE_PLAN =
  "one subscription keeps running and the others are paused. Upgrade again anytime to resume them.";
/** Receipts show exact amounts (a prorated charge is rarely whole pounds). */
const money = formatMoney;

export type BillingEmail =
  | { kind: "trial_started"; trialEndDate: Date; priceAfterTrial: number }
  | { kind: "trial_ending"; trialEndDate: Date; priceAfterTrial: number }
  | { kind: "trial_cancelled"; trialEndDate: Date; plan: string }
  | {
      kind: "receipt";
      plan: string;
      amount: number;
      currency: Currency;
      interval: BillingInterval;
      paidAt: Date;
      nextBillingDate: Date | null;
      invoiceId: string;
    }
  | { kind: "payment_failed"; plan: string; amount: number; currency: Currency }
  | { kind: "plan_ended"; previousPlan: string; reason: string }
  | { kind: "schedule_changed"; changes: FrequencyChange[] }
  | { kind: "refund_issued"; amount: number; currency: Currency; chargedAt: Date; endedPlan: string | null };

function compose(ctx: AppContext, email: BillingEmail) {
  const plan = `${ctx.config.appUrl}/settings?tab=plan`;
  switch (email.kind) {
    case "trial_started":
      return renderMail(
        "Your 7-day Premium trial has started",
        <BillingEmail
          title="Welcome to your 7-day Premium trial!"
          lines={[
            "Your card is saved and has not been charged.",
            `Your trial ends on ${longDate(email.trialEndDate)}. After that your plan converts to Premium at ${money(email.priceAfterTrial)} a month unless you cancel before then.`,
            "You can cancel anytime from Settings.",
          ]}
          action={{ label: "Manage your plan", href: plan }}
        />,
      );
    case "trial_ending":
      return renderMail(
        "Your Premium trial ends in 2 days",
        <BillingEmail
          title="Your Premium trial ends soon"
          lines={[
            `Your free trial ends on ${longDate(email.trialEndDate)}.`,
            `Then your saved card will be charged ${money(email.priceAfterTrial)} a month for Premium. To stay on the Free plan, cancel your trial before that date.`,
          ]}
          action={{ label: "Manage your plan", href: plan }}
        />,
      );
    case "trial_cancelled":
      return renderMail(
        `Your ${planLabel(email.plan)} trial is cancelled`,
        <BillingEmail
          title="Your free trial is cancelled"
          lines={[
            `You keep ${planLabel(email.plan)} until ${longDate(email.trialEndDate)}. Your card will not be charged.`,
            `After that your account moves to the Free plan: ${planDefinition("free").features.join(", ").toLowerCase()}. Subscriptions beyond the first are paused, and faster schedules move to daily.`,
            "Changed your mind? Keep your trial from Settings before it ends.",
          ]}
          action={{ label: "Manage your plan", href: plan }}
        />,
      );
    case "receipt":
      return renderMail(
        `Payment receipt: Jargon ${planLabel(email.plan)}`,
        <BillingEmail
          title={`Thank you: your ${planLabel(email.plan)} plan is active`}
          lines={[
            `We received your payment of ${money(email.amount, email.currency)} on ${longDate(email.paidAt)} for your ${email.interval === "year" ? "yearly" : "monthly"} plan.`,
            ...(email.nextBillingDate
              ? [`Your next payment is due on ${longDate(email.nextBillingDate)}.`]
              : []),
            `Reference: ${email.invoiceId}`,
          ]}
          action={{ label: "Go to Jargon", href: ctx.config.appUrl }}
        />,
      );
    case "payment_failed":
      return renderMail(
        "Your Jargon payment failed",
        <BillingEmail
          title="We couldn't process your payment"
          lines={[
            `Your payment of ${money(email.amount, email.currency)} for the ${planLabel(email.plan)} plan was declined.`,
            "Please update your payment method to continue your subscription. If the payment stays unpaid for 7 days, your account returns to the Free plan.",
          ]}
          action={{ label: "Update payment method", href: plan }}
        />,
      );
    case "plan_ended":
      return renderMail(
        "Your Jargon plan has ended",
        <BillingEmail
          title={`Your ${planLabel(email.previousPlan)} plan has ended`}
          lines={[email.reason, `Your account is now on the Free plan: ${ON_FREE_PLAN}`]}
          action={{ label: "See plans", href: `${ctx.config.appUrl}/pricing` }}
        />,
      );
    case "refund_issued":
      return renderMail(
        "Your Jargon refund is on its way",
        <BillingEmail
          title={`We refunded ${money(email.amount, email.currency)}`}
          lines={[
            `Your payment of ${money(email.amount, email.currency)} on ${longDate(email.chargedAt)} has been refunded to the card it came from. It reaches your account within ${REFUND_PROCESSING_BUSINESS_DAYS} business days.`,
            ...(email.endedPlan
              ? [
                  `The ${planLabel(email.endedPlan)} plan it paid for has ended and your account is now on the Free plan: ${ON_FREE_PLAN}`,
                ]
              : []),
          ]}
          action={{ label: "See plans", href: `${ctx.config.appUrl}/pricing` }}
        />,
      );
    case "schedule_changed":
      return renderMail(
        "Your Jargon delivery schedule changed",
        <BillingEmail
          title="Your words now arrive once a day"
          lines={[
            "Your plan no longer includes deliveries more often than daily, so these subscriptions moved to daily at the same time:",
            ...email.changes.map(describeFrequencyChange),
            "Upgrade again anytime to choose a faster schedule.",
          ]}
          action={{ label: "Review your subscriptions", href: `${ctx.config.appUrl}/subscriptions` }}
        />,
      );
  }
}

/**
 * Sends a billing e-mail once per `dedupeKey` (a receipt per invoice, a notice per trial). A failed send
 * forgets the key, so the next sync or sweep tries again; it never fails the billing change itself.
 */
export async function sendBillingEmail(
  ctx: AppContext,
  user: Pick<UserRow, "id" | "email">,
  email: BillingEmail,
  dedupeKey: string,
): Promise<void> {
  if (!(await recordOnce(ctx, user.id, dedupeKey, `email.${email.kind}`))) return;
  try {
    const rendered = await compose(ctx, email);
    await ctx.mailer.send({ to: user.email, ...rendered, replyTo: ctx.config.supportEmail });
  } catch (error) {
    await forgetOnce(ctx, dedupeKey);
    ctx.log.error({ err: error, kind: email.kind, to: redactAddress(user.email) }, "billing e-mail failed");
  }
}

import { CANCELLED_TRIAL_SENTENCE, endsOnText, planStateOf, TRIAL_END_SENTENCE } from "@shared/rules/plans";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Check from "lucide-react/icons/check";
import CreditCard from "lucide-react/icons/credit-card";
import ExternalLink from "lucide-react/icons/external-link";
import FileText from "lucide-react/icons/file-text";
import Gift from "lucide-react/icons/gift";
import Sparkles from "lucide-react/icons/sparkles";
import { Link, useLocation } from "wouter";
import type { User } from "@shared/api/auth";
import { PLAN_DISPLAY_NAMES, type PlanName } from "@shared/constants";
import { formatPlanPrice, isPaidPlan, planDefinition, planPrice } from "@shared/rules/billing";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import {
  CustomerPortalButton,
  formatBillingDate,
  hasActiveTrial,
  isCancellationScheduled,
  isPastDue,
  Notice,
  TrialAction,
  useKeepSubscription,
} from "@client/features/billing";
import { SettingsSection } from "@client/components/layout/settings-section";

/** plans-billing §2 Plan: the current plan, its billing, the status notices and the ways to change it. */
export function PlanTab({ user }: { user: User }) {
  const trial = hasActiveTrial(user);
  const paid = isPaidPlan(user.subscriptionPlan);
  return (
    <div className="flex flex-col gap-6">
      {trial ? <TrialNotice user={user} /> : null}
      {isCancellationScheduled(user) ? <CancellationNotice user={user} /> : null}
      {isPastDue(user) ? <PastDueNotice /> : null}
      <CurrentPlanCard user={user} trial={trial} />
      {paid || trial ? <BillingCard user={user} trial={trial} /> : null}
    </div>
  );
}

function TrialNotice({ user }: { user: User }) {
  const { trial, plan } = planStateOf(user, new Date());
  const cancelled = trial?.cancelled && trial.endsAt;
  return (
    <Notice
      tone="info"
      icon={Gift}
      title={
        cancelled
          ? `Your ${PLAN_DISPLAY_NAMES[plan]} free trial ${endsOnText(trial.endsAt!)}`
          : `Your ${PLAN_DISPLAY_NAMES[plan]} free trial is active`
      }
      actions={<TrialAction user={user} size="sm" />}
    >
      Your trial ends on {formatBillingDate(user.trialEndDate)}.{" "}
      {cancelled ? CANCELLED_TRIAL_SENTENCE : TRIAL_END_SENTENCE}
    </Notice>
  );
}

function CancellationNotice({ user }: { user: User }) {
  const { keep, isPending } = useKeepSubscription();
  return (
    <Notice
      tone="warning"
      icon={CalendarClock}
      title="Cancellation Scheduled"
      actions={
        <Button type="button" size="sm" onClick={() => void keep()} disabled={isPending}>
          {isPending ? "Processing..." : "Keep Subscription"}
        </Button>
      }
    >
      {user.subscriptionEndsAt
        ? `Your plan stays active until ${formatBillingDate(user.subscriptionEndsAt)}, then your account moves to the Free plan.`
        : "Your plan stays active until the end of this billing period, then your account moves to the Free plan."}
    </Notice>
  );
}

function PastDueNotice() {
  return (
    <Notice
      tone="danger"
      icon={AlertTriangle}
      title="Payment failed - please update"
      actions={
        <CustomerPortalButton fallBackToProviderPage size="sm" variant="destructive">
          Update Payment Method
        </CustomerPortalButton>
      }
    >
      We couldn't collect your last payment. Update your card to keep your plan; unpaid accounts return to the
      Free plan after 7 days.
    </Notice>
  );
}

/** The success badge's green text is too light on tinted cards for WCAG AA: a darker shade here. */
const SUCCESS_TEXT = "text-emerald-800 dark:text-emerald-300";

function statusBadge(
  user: User,
  trial: boolean,
): { label: string; variant: "success" | "secondary" | "outline" } {
  if (trial && user.subscriptionEndsAt) return { label: "Trial cancelled", variant: "outline" };
  if (trial) return { label: "Trial", variant: "success" };
  if (isCancellationScheduled(user)) return { label: "Cancellation Scheduled", variant: "outline" };
  if (isPastDue(user)) return { label: "Payment failed", variant: "outline" };
  return { label: "Active", variant: "success" };
}

function CurrentPlanCard({ user, trial }: { user: User; trial: boolean }) {
  const [, navigate] = useLocation();
  const planName: PlanName = trial ? ((user.trialPlan as PlanName) ?? "premium") : user.subscriptionPlan;
  const plan = planDefinition(planName);
  const badge = statusBadge(user, trial);

  function viewPlans() {
    try {
      navigate("/pricing");
    } catch {
      toast({
        title: "Error",
        description: "Failed to redirect to pricing page. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <SettingsSection icon={Sparkles} title="Current Plan" description="Your plan and what it includes.">
      <div className="rounded-xl border border-border bg-surface p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xl font-bold">
            {plan.displayName}
            {trial ? " Trial" : ""}
          </p>
          <Badge variant={badge.variant} className={cn(badge.variant === "success" && SUCCESS_TEXT)}>
            {badge.label}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{currentPlanLine(user, trial, plan.price)}</p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button type="button" onClick={viewPlans}>
          View all plans
        </Button>
        <Link
          href="/terms?from=settings"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <FileText className="size-4" aria-hidden />
          Terms of Service
        </Link>
      </div>
    </SettingsSection>
  );
}

/** The price line under the plan's name: what it costs, and when it ends if it is ending. */
function currentPlanLine(user: User, trial: boolean, price: number): string {
  const { endsAt } = planStateOf(user, new Date());
  if (trial && endsAt) return `Free, ${endsOnText(endsAt)}`;
  if (trial) return `Free until ${formatBillingDate(user.trialEndDate)}, then ${formatPlanPrice(price)}`;
  return endsAt ? `${formatPlanPrice(price)}, ${endsOnText(endsAt)}` : formatPlanPrice(price);
}

function BillingCard({ user, trial }: { user: User; trial: boolean }) {
  const plan = planDefinition(trial ? "premium" : user.subscriptionPlan);
  const rows: [string, string][] = trial
    ? user.subscriptionEndsAt
      ? [
          ["Trial access until", formatBillingDate(user.trialEndDate)],
          ["Payments", "None: your card will not be charged"],
        ]
      : [
          ["First payment", `${formatPlanPrice(plan.price)} on ${formatBillingDate(user.trialEndDate)}`],
          ["During the trial", "Your card is saved but not charged"],
        ]
    : [
        [
          "Amount",
          formatPlanPrice(
            planPrice(plan.name, user.billingCurrency ?? "gbp", user.billingInterval ?? "month"),
            user.billingCurrency ?? "gbp",
            user.billingInterval ?? "month",
          ),
        ],
        isCancellationScheduled(user)
          ? ["Access until", formatBillingDate(user.subscriptionEndsAt) || "End of this billing period"]
          : ["Next billing date", formatBillingDate(user.nextBillingDate) || "—"],
      ];
  return (
    <SettingsSection
      icon={CreditCard}
      title="Billing"
      description="Payment method, invoices and receipts are handled by our payment provider."
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 text-sm font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <CustomerPortalButton fallBackToProviderPage variant="outline" className="mt-4">
        <ExternalLink aria-hidden />
        Manage Payment
      </CustomerPortalButton>
    </SettingsSection>
  );
}

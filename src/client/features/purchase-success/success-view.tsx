import BadgeCheck from "lucide-react/icons/badge-check";
import BookOpen from "lucide-react/icons/book-open";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import ListChecks from "lucide-react/icons/list-checks";
import Mail from "lucide-react/icons/mail";
import { Link } from "wouter";
import {
  PLAN_DISPLAY_NAMES,
  SUBSCRIPTION_ID_DISPLAY_CHARS,
  type BillingInterval,
  type Currency,
  type PlanName,
} from "@shared/constants";
import { formatMonthlyEquivalent, formatPlanPrice } from "@shared/rules/billing";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { useAppConfig } from "@client/lib/app-config";
import { formatBillingDate } from "../billing";

export interface PurchaseSummary {
  plan: PlanName;
  /** Minor units of `currency`, per `interval`. */
  amount: number;
  currency: Currency;
  interval: BillingInterval;
  /** When the next charge falls; null when it is not known here. */
  nextBillingDate: Date | null;
  subscriptionId: string | null;
  purchasedAt: Date;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

/** plans-billing §2 success view. */
export function SuccessView({ summary, email }: { summary: PurchaseSummary; email: string | null }) {
  const supportEmail = useAppConfig()?.supportEmail;
  return (
    <div className="flex flex-col items-center text-center">
      <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success">
        <BadgeCheck className="size-9" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Purchase Successful</h1>
      <p className="mt-2 text-muted-foreground">Thank you! Your plan is active and ready to use.</p>
      <dl className="mt-6 w-full divide-y divide-border rounded-xl border border-border px-4 text-left">
        <Detail label="Plan">
          <Badge>{PLAN_DISPLAY_NAMES[summary.plan]}</Badge>
        </Detail>
        <Detail label="Amount">
          {formatPlanPrice(summary.amount, summary.currency, summary.interval)}
          {summary.interval === "year" ? (
            <span className="block text-xs font-normal text-muted-foreground">
              {formatMonthlyEquivalent(summary.amount, summary.currency)}
            </span>
          ) : null}
        </Detail>
        <Detail label="Billed">{summary.interval === "year" ? "Yearly" : "Monthly"}</Detail>
        <Detail label="Purchase date">{formatBillingDate(summary.purchasedAt)}</Detail>
        {summary.nextBillingDate ? (
          <Detail label="Next billing date">{formatBillingDate(summary.nextBillingDate)}</Detail>
        ) : null}
        {summary.subscriptionId ? (
          <Detail label="Subscription ID">
            <span className="font-mono text-xs" title={summary.subscriptionId}>
              {summary.subscriptionId.slice(0, SUBSCRIPTION_ID_DISPLAY_CHARS)}
            </span>
          </Detail>
        ) : null}
      </dl>
      <p className="mt-4 flex items-start gap-2 text-left text-sm text-muted-foreground">
        <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          A confirmation email has been sent to{" "}
          <span className="font-medium text-foreground">{email ?? "your email address"}</span>.
        </span>
      </p>
      <div className="mt-6 grid w-full gap-2 sm:grid-cols-2">
        <Button asChild className="h-auto min-h-10 py-2 whitespace-normal sm:col-span-2">
          <Link href="/discover">
            <BookOpen aria-hidden />
            Browse Topics & Create a Subscription
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">
            <LayoutDashboard aria-hidden />
            View Dashboard
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/subscriptions">
            <ListChecks aria-hidden />
            Manage Subscriptions
          </Link>
        </Button>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Questions about your purchase?{" "}
        <a
          href={`mailto:${supportEmail ?? ""}`}
          className="font-medium text-primary underline underline-offset-2"
        >
          {supportEmail ?? "Contact support"}
        </a>
      </p>
    </div>
  );
}

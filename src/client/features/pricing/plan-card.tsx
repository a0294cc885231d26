import Check from "lucide-react/icons/check";
import FlaskConical from "lucide-react/icons/flask-conical";
import Star from "lucide-react/icons/star";
import type { Plan, PlanPrice } from "@shared/api/billing";
import { formatMonthlyEquivalent, formatPlanAmount, yearlySavingText } from "@shared/rules/billing";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/utils";

export interface PlanCardAction {
  label: string;
  onClick: () => void;
  variant?: "default" | "outline";
  /** 'Current Plan': announced and styled as disabled, but still answers a click with 'Already on Plan'. */
  inert?: boolean;
  busy?: boolean;
}

/**
 * One plan: name, price with '/month' (plans-billing §2), or with '/year', the monthly equivalent and the saving
 * (issue 28), features, and its buttons.
 */
export function PlanCard({
  plan,
  price,
  actions,
  current,
}: {
  plan: Plan;
  /** The price in the chosen currency and interval. */
  price: PlanPrice;
  actions: PlanCardAction[];
  /** 'Your plan' (or 'Your plan · trial') on the plan the user is on now; null on the others. */
  current: string | null;
}) {
  const headingId = `plan-${plan.name}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-5 text-card-foreground shadow-xs sm:p-6",
        plan.popular ? "border-primary ring-1 ring-primary" : "border-border",
        current && "bg-accent/40",
      )}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        {plan.popular ? (
          <Badge className="bg-primary text-primary-foreground">
            <Star aria-hidden /> Most Popular
          </Badge>
        ) : null}
        {plan.name === "admin_test" ? (
          <Badge variant="outline" className="border-amber-400 text-amber-800 dark:text-amber-200">
            <FlaskConical aria-hidden /> Admin Test
          </Badge>
        ) : null}
        {current ? <Badge variant="outline">{current}</Badge> : null}
      </div>
      <h2 id={headingId} className="mt-3 text-lg font-semibold">
        {plan.displayName}
      </h2>
      <p className="mt-2 flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-3xl font-bold tracking-tight">
          {formatPlanAmount(price.amount, price.currency)}
        </span>
        {price.amount > 0 ? <span className="text-sm text-muted-foreground">/{price.interval}</span> : null}
      </p>
      {price.amount > 0 && price.interval === "year" ? (
        <p className="mt-1 text-xs text-muted-foreground">
          {formatMonthlyEquivalent(price.amount, price.currency)} ·{" "}
          {yearlySavingText(plan.name, price.currency)}
        </p>
      ) : null}
      <ul className="mt-5 flex flex-1 flex-col gap-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-2">
        {actions.map((action) => (
          <Button
            key={action.label}
            type="button"
            variant={action.variant ?? "default"}
            aria-disabled={action.inert || undefined}
            disabled={action.busy}
            aria-busy={action.busy || undefined}
            onClick={action.onClick}
            className={cn("w-full", action.inert && "cursor-not-allowed opacity-60")}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </article>
  );
}

export function PlanCardSkeleton() {
  return (
    <div aria-hidden className="flex h-[22rem] flex-col rounded-2xl border border-border bg-card p-6">
      <div className="h-5 w-24 animate-pulse rounded bg-muted" />
      <div className="mt-4 h-8 w-28 animate-pulse rounded bg-muted" />
      <div className="mt-6 flex flex-1 flex-col gap-3">
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-muted" />
        <div className="h-4 w-4/6 animate-pulse rounded bg-muted" />
      </div>
      <div className="h-10 w-full animate-pulse rounded-lg bg-muted" />
    </div>
  );
}

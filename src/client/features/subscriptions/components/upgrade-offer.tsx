import AlertCircle from "lucide-react/icons/circle-exclamation-point";
import Lock from "lucide-react/icons/lock";
import Sparkles from "lucide-react/icons/sparkles";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import type { PlanLimitError } from "@shared/api/subscriptions";
import { formatPlanPrice } from "@shared/rules/billing";
import { Button } from "@client/components/ui/button";
import { usePlans } from "@client/features/billing";

/**
 * The upgrades a plan limit offers, each a way to /pricing. Prices come from /api/subscription-plans (the plan
 * table the server charges from) and the one formatter; the option's own price is only the fallback while the
 * plans load.
 */
function UpgradeOptionList({
  options,
  onNavigate,
}: {
  options: PlanLimitError["upgradeOptions"];
  onNavigate(): void;
}) {
  const plans = usePlans();
  if (options.length === 0) return null;
  return (
    <ul aria-label="Upgrade options" className="mt-3 flex flex-col gap-2">
      {options.map((option) => {
        const price = plans.data?.find((plan) => plan.name === option.name)?.price ?? option.price;
        return (
          <li
            key={option.name}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-card px-3 py-2"
          >
            <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 flex-1 text-sm">
              <span className="font-semibold">{option.displayName}</span>{" "}
              <span className="text-muted-foreground">{formatPlanPrice(price)}</span>
            </span>
            <Button asChild size="sm" className="w-full sm:w-auto">
              <Link href="/pricing" onClick={onNavigate}>
                Upgrade to {option.displayName}
              </Link>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The modal's first step when the plan has no room left (issue 17): the limit and the upgrades, before any form. */
export function PlanLimitOffer({ limit, onNavigate }: { limit: PlanLimitError; onNavigate(): void }) {
  return (
    <section
      aria-labelledby="plan-limit-title"
      data-testid="plan-limit-offer"
      className="rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <div className="flex items-start gap-2.5">
        <Lock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0">
          <h3 id="plan-limit-title" className="text-sm font-semibold">
            Upgrade to add more
          </h3>
          <p className="mt-1 text-sm text-foreground">{limit.message}</p>
        </div>
      </div>
      <UpgradeOptionList options={limit.upgradeOptions} onNavigate={onNavigate} />
    </section>
  );
}

/**
 * The inline panel of a refused save (learner-core §8): the server's message under 'Unable to create
 * subscription', and for a plan limit the upgrades it offers. The server's 403 stays the last word, so this
 * still shows when the limit was reached elsewhere (another tab) after the modal opened.
 */
export function SaveErrorPanel({
  message,
  planError,
  onNavigate,
}: {
  message: string;
  planError: PlanLimitError | null;
  onNavigate(): void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // On a small screen the panel appears below the fold, under the button that was pressed.
  // (A block body: newer browsers answer scrollIntoView with a promise, which React would take for a cleanup.)
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: "nearest" });
  }, [message]);
  return (
    <div
      ref={panel}
      role="alert"
      className="scroll-mb-24 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
    >
      <div className="flex items-start gap-2.5">
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-destructive">Unable to create subscription</p>
          <p className="mt-1 text-sm text-foreground">{message}</p>
        </div>
      </div>
      {planError ? <UpgradeOptionList options={planError.upgradeOptions} onNavigate={onNavigate} /> : null}
    </div>
  );
}

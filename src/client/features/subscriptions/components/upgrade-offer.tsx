import { AlertCircle, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import type { PlanLimitError } from "../../../../shared/api/subscriptions";
import { Button } from "../../../components/ui/button";
import { formatMonthlyPrice } from "../format";

/**
 * The inline panel of a refused save (learner-core §8): the server's message under 'Unable to create
 * subscription', and for a plan limit the upgrades it offers, each a way to /pricing.
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
      {planError && planError.upgradeOptions.length > 0 ? (
        <ul aria-label="Upgrade options" className="mt-3 flex flex-col gap-2">
          {planError.upgradeOptions.map((option) => (
            <li
              key={option.name}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-card px-3 py-2"
            >
              <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-semibold">{option.displayName}</span>{" "}
                <span className="text-muted-foreground">{formatMonthlyPrice(option.price)}</span>
              </span>
              <Button asChild size="sm" className="w-full sm:w-auto">
                <Link href="/pricing" onClick={onNavigate}>
                  Upgrade to {option.displayName}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import AlertCircle from "lucide-react/icons/circle-exclamation-point";
import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import type { CompleteSubscriptionResponse } from "@shared/api/billing";
import type { User } from "@shared/api/auth";
import { BILLING_CURRENCY } from "@shared/constants";
import { isPaidPlan, planPrice } from "@shared/rules/billing";
import { PageContainer } from "@client/components/layout/page-container";
import { PageTitle } from "@client/components/layout/page-title";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAuth } from "@client/lib/auth";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage, useCompleteSubscription } from "../billing";
import { readPurchaseParams } from "./purchase-params";
import { SuccessView, type PurchaseSummary } from "./success-view";

type View =
  | { kind: "loading" }
  | { kind: "activating" }
  | { kind: "failed"; message: string }
  | { kind: "success"; summary: PurchaseSummary };

function PendingView({ title }: { title: string }) {
  return (
    <div role="status" className="flex flex-col items-center text-center">
      <Skeleton className="size-16 rounded-full" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">This only takes a moment.</p>
      <div className="mt-6 flex w-full flex-col gap-3" aria-hidden>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}

type Billing = Pick<PurchaseSummary, "currency" | "interval" | "nextBillingDate">;

/** The spec's reading of a price: pounds, monthly. */
const SPEC_BILLING: Billing = { currency: BILLING_CURRENCY, interval: "month", nextBillingDate: null };

/** How the signed-in account is billed (issue 28), the spec's reading where it does not say. */
function billingOf(user: User | null): Billing {
  return {
    currency: user?.billingCurrency ?? BILLING_CURRENCY,
    interval: user?.billingInterval ?? "month",
    nextBillingDate: user?.nextBillingDate ? new Date(user.nextBillingDate) : null,
  };
}

/** plans-billing §2/§4 purchase-success page: activates the subscription paid for, then shows it. */
export default function PurchaseSuccessPage() {
  const search = useSearch();
  const params = readPurchaseParams(search);
  const { user } = useAuth();
  const complete = useCompleteSubscription();
  const [result, setResult] = useState<CompleteSubscriptionResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [purchasedAt] = useState(() => new Date());
  const started = useRef(false);

  useEffect(() => {
    if (!params.paymentId || started.current) return;
    started.current = true;
    complete.mutate(params.paymentId, {
      onSuccess: (answer) => {
        setResult(answer);
        toast({
          title: "Subscription Activated!",
          description: "Your new plan is now active and ready to use.",
          variant: "success",
        });
      },
      onError: (failure) => {
        setError(serverMessage(failure, "Failed to complete subscription"));
        if (isUnauthorizedError(failure)) return;
        toast({
          title: "Subscription Completion Failed",
          description:
            "Payment succeeded but there was an issue activating your subscription. Please contact support.",
          variant: "destructive",
        });
      },
    });
  }, [params.paymentId, complete]);

  const view = viewFor();
  function viewFor(): View {
    if (params.paymentId) {
      if (result) {
        return {
          kind: "success",
          summary: {
            plan: result.plan?.name ?? result.planName,
            amount: result.amount,
            currency: result.currency,
            interval: result.interval,
            nextBillingDate: result.nextBillingDate ? new Date(result.nextBillingDate) : null,
            subscriptionId: result.subscriptionId,
            purchasedAt,
          },
        };
      }
      if (error !== null) return { kind: "failed", message: error };
      return { kind: "activating" };
    }
    if (params.subscriptionId || params.plan) {
      const plan =
        params.plan ?? (user && isPaidPlan(user.subscriptionPlan) ? user.subscriptionPlan : "premium");
      // A URL's amount is the spec's: pounds a month. Otherwise the plan as this account is billed for it.
      const billing = params.amount === null ? billingOf(user) : SPEC_BILLING;
      return {
        kind: "success",
        summary: {
          plan,
          amount: params.amount ?? planPrice(plan, billing.currency, billing.interval),
          ...billing,
          subscriptionId: params.subscriptionId,
          purchasedAt,
        },
      };
    }
    if (user && isPaidPlan(user.subscriptionPlan)) {
      const billing = billingOf(user);
      return {
        kind: "success",
        summary: {
          plan: user.subscriptionPlan,
          amount: planPrice(user.subscriptionPlan, billing.currency, billing.interval),
          ...billing,
          subscriptionId: null,
          purchasedAt,
        },
      };
    }
    return { kind: "loading" };
  }

  const titles: Record<View["kind"], string> = {
    loading: "Retrieving your purchase details",
    activating: "Activating Your Subscription...",
    failed: "Subscription Activation Failed",
    success: "Purchase Successful",
  };

  return (
    <PageContainer className="max-w-xl">
      <PageTitle>{titles[view.kind]}</PageTitle>
      <div className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8">
        {view.kind === "success" ? (
          <SuccessView summary={view.summary} email={user?.email ?? null} />
        ) : view.kind === "failed" ? (
          <div role="alert" className="flex flex-col items-center text-center">
            <span className="grid size-16 place-items-center rounded-full bg-destructive/10 text-destructive">
              <AlertCircle className="size-9" aria-hidden />
            </span>
            <h1 className="mt-4 text-2xl font-bold tracking-tight">Subscription Activation Failed</h1>
            <p className="mt-2 text-muted-foreground">{view.message}</p>
            <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
              <Button asChild>
                <Link href="/pricing">Try Again</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/">Go to Dashboard</Link>
              </Button>
            </div>
          </div>
        ) : (
          <PendingView title={titles[view.kind]} />
        )}
      </div>
    </PageContainer>
  );
}

import ArrowLeft from "lucide-react/icons/arrow-left";
import XCircle from "lucide-react/icons/circle-x";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { Plan, PlanPrice } from "@shared/api/billing";
import {
  BILLING_CURRENCY,
  PLANS_GRID_WIDE_THRESHOLD,
  type BillingInterval,
  type Currency,
} from "@shared/constants";
import { isCurrency } from "@shared/rules/billing";
import { planStateOf } from "@shared/rules/plans";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { useAuth } from "@client/lib/auth";
import { cn } from "@client/lib/utils";
import {
  canCancelSubscription,
  takeTrialRestoreFlag,
  TrialModal,
  useCancelSubscriptionAction,
  usePlans,
} from "../billing";
import { BillingChoice } from "./billing-choice";
import { CheckoutView } from "./checkout-view";
import { DowngradeChooser } from "./downgrade-chooser";
import { planActionsFor } from "./plan-actions-for";
import { PlanCard, PlanCardSkeleton } from "./plan-card";
import { PricingFooter } from "./pricing-footer";
import { PlanStatusBanners } from "./status-banners";
import { usePlanSelection } from "./use-plan-selection";

/** plans-billing §2 Plans page: status banners, the plan grid, checkout, and the downgrade chooser. */
export default function PricingPage() {
  const { user } = useAuth();
  const plans = usePlans();
  const [interval, setInterval] = useState<BillingInterval>("month");
  // The spec's prices are in pounds, whatever the browser's language; dollars are one switch away (issue 28).
  const [chosenCurrency, setCurrency] = useState<Currency>(BILLING_CURRENCY);
  // A customer stays in the currency of their first payment (issue 28).
  const paidCurrency = user && isCurrency(user.billingCurrency) ? user.billingCurrency : null;
  const currency = paidCurrency ?? chosenCurrency;
  const selection = usePlanSelection(user, { interval, currency });
  const cancelSubscription = useCancelSubscriptionAction();
  const [trialOpen, setTrialOpen] = useState(false);

  // The Terms page's 'Back to Trial' leaves a restore record; it reopens the trial modal once.
  useEffect(() => {
    if (user && takeTrialRestoreFlag()) setTrialOpen(true);
  }, [user]);

  const wide = (plans.data?.length ?? 0) > PLANS_GRID_WIDE_THRESHOLD;
  const planState = user ? planStateOf(user, new Date()) : null;
  const currentBadge = planState?.trial ? "Your plan · trial" : "Your plan";
  const checkout = selection.checkout;

  return (
    <PageContainer>
      <Link
        href="/"
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Website
      </Link>
      {user ? <PlanStatusBanners user={user} /> : null}
      {checkout ? (
        <div className="mx-auto w-full max-w-lg">
          <PageHeader title="Complete Your Purchase" />
          <CheckoutView
            checkout={checkout}
            onCancel={selection.cancelCheckout}
            switching={selection.switching}
            onIntervalChange={(next) => {
              setInterval(next);
              void selection.switchCheckoutInterval(next);
            }}
          />
        </div>
      ) : (
        <>
          <PageHeader
            title="Choose Your Learning Plan"
            description="Professional vocabulary on your schedule. Start free, upgrade when you need more."
            actions={
              user && canCancelSubscription(user) ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void cancelSubscription.cancel()}
                  disabled={cancelSubscription.isPending}
                >
                  <XCircle aria-hidden />
                  {cancelSubscription.isPending ? "Processing..." : "Cancel Subscription"}
                </Button>
              ) : undefined
            }
          />
          <BillingChoice
            interval={interval}
            onIntervalChange={setInterval}
            currency={currency}
            onCurrencyChange={setCurrency}
            currencyFixed={paidCurrency !== null}
          />
          <div
            className={cn(
              "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:gap-5",
              wide ? "lg:grid-cols-3 xl:grid-cols-5" : "lg:grid-cols-4",
            )}
            data-columns={wide ? 5 : 4}
            aria-busy={plans.isLoading || undefined}
          >
            {plans.data
              ? plans.data.map((plan) => (
                  <PlanCard
                    key={plan.name}
                    plan={plan}
                    price={priceOf(plan, currency, interval)}
                    current={planState?.plan === plan.name ? currentBadge : null}
                    actions={planActionsFor(plan, user, interval, {
                      pendingPlan: selection.pendingPlan,
                      choose: (name) => void selection.choose(name),
                      startTrial: () => setTrialOpen(true),
                    })}
                  />
                ))
              : Array.from({ length: 4 }, (_, index) => <PlanCardSkeleton key={index} />)}
          </div>
          {plans.isError ? (
            <p role="alert" className="mt-4 text-sm text-destructive">
              The plans could not be loaded.{" "}
              <button type="button" className="underline" onClick={() => void plans.refetch()}>
                Try again
              </button>
            </p>
          ) : null}
          <PricingFooter />
        </>
      )}
      <DowngradeChooser subscriptions={selection.chooser} onClose={selection.closeChooser} />
      {user ? <TrialModal open={trialOpen} onOpenChange={setTrialOpen} /> : null}
    </PageContainer>
  );
}

/** The plan's price in the chosen currency and interval, from the server's list (Free has one price: nothing). */
function priceOf(plan: Plan, currency: Currency, interval: BillingInterval): PlanPrice {
  return (
    plan.prices.find((price) => price.currency === currency && price.interval === interval) ?? {
      amount: plan.price,
      currency: "gbp",
      interval: "month",
    }
  );
}

import Lock from "lucide-react/icons/lock";
import { Link, useLocation } from "wouter";
import { PLAN_DISPLAY_NAMES, type BillingInterval, type Currency, type PlanName } from "@shared/constants";
import { formatMonthlyEquivalent, formatPlanPrice } from "@shared/rules/billing";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { toast } from "@client/lib/toast";
import {
  CardFormSkeleton,
  PaymentCardForm,
  TestModeBadge,
  useStripeConfig,
  type CardConfirmResult,
} from "../billing";
import { IntervalSwitch } from "./billing-choice";

export interface CheckoutSelection {
  clientSecret: string;
  paymentIntentId: string;
  planName: PlanName;
  /** Minor units of `currency` per `interval`, from the server's plan table. */
  amount: number;
  interval: BillingInterval;
  currency: Currency;
}

/** plans-billing §2 checkout view: replaces the plan list once the server opened a payment. */
export function CheckoutView({
  checkout,
  onCancel,
  onIntervalChange,
  switching,
}: {
  checkout: CheckoutSelection;
  onCancel: () => void;
  /** Asks the server for a payment in the other interval; `switching` while it answers. */
  onIntervalChange: (interval: BillingInterval) => void;
  switching: boolean;
}) {
  const [, navigate] = useLocation();
  const config = useStripeConfig();
  const planLabel = PLAN_DISPLAY_NAMES[checkout.planName];
  const price = formatPlanPrice(checkout.amount, checkout.currency, checkout.interval);

  async function handleResult(result: CardConfirmResult) {
    if (result.status !== "succeeded") {
      toast({
        title: "Payment Failed",
        description:
          result.status === "incomplete" ? "Setup intent was not completed successfully" : result.message,
        variant: "destructive",
      });
      return;
    }
    toast({
      title: "Payment Successful",
      description: "Welcome to your new plan! Your subscription is being activated.",
      variant: "success",
    });
    navigate(`/purchase-success?payment_intent_id=${encodeURIComponent(result.intentId)}`);
  }

  return (
    <div>
      <p className="-mt-3 mb-5 text-muted-foreground">
        You're upgrading to the <span className="font-semibold text-foreground">{planLabel}</span> plan
      </p>
      <div className="mb-4 flex justify-center">
        <IntervalSwitch interval={checkout.interval} onChange={onIntervalChange} disabled={switching} />
      </div>
      <Card aria-busy={switching}>
        <CardHeader>
          <div className="flex items-start justify-between gap-3">
            <div>
              <CardTitle>Payment Details</CardTitle>
              <CardDescription>
                {planLabel} · billed {checkout.interval === "year" ? "yearly" : "monthly"}, cancel anytime
              </CardDescription>
            </div>
            <div className="text-right">
              <p className="text-lg font-bold" aria-label={price}>
                {price}
              </p>
              {checkout.interval === "year" ? (
                <p className="text-xs text-muted-foreground">
                  {formatMonthlyEquivalent(checkout.amount, checkout.currency)}
                </p>
              ) : null}
            </div>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {config.data?.testMode ? <TestModeBadge /> : null}
          {config.data ? (
            <PaymentCardForm
              key={checkout.clientSecret}
              config={config.data}
              clientSecret={checkout.clientSecret}
              intent="payment"
              onResult={handleResult}
              renderActions={({ ready, submitting }) => (
                <>
                  <p className="text-xs text-muted-foreground">
                    By confirming you agree to our{" "}
                    <Link
                      href="/terms?from=checkout"
                      className="font-medium text-primary underline underline-offset-2"
                    >
                      Terms of Service
                    </Link>
                    . Your card is charged {price} today and each {checkout.interval} until you cancel.
                  </p>
                  <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                    <Button type="button" variant="ghost" onClick={onCancel} disabled={submitting}>
                      Cancel
                    </Button>
                    <Button type="submit" disabled={!ready || submitting || switching} aria-busy={submitting}>
                      <Lock aria-hidden />
                      {submitting ? "Processing..." : "Confirm Payment"}
                    </Button>
                  </div>
                </>
              )}
            />
          ) : config.isError ? (
            <div role="alert" className="flex flex-col items-start gap-3 text-sm">
              <p>Payment system unavailable. Please try again.</p>
              <Button type="button" variant="outline" onClick={() => void config.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <CardFormSkeleton label="Loading payment form..." />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

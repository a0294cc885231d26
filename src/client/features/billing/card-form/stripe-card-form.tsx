import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useTheme } from "@client/lib/theme";
import { CardFormSkeleton } from "./card-form-skeleton";
import type { PaymentCardFormProps } from "./types";

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded once per publishable key; a failed load is forgotten so 'Try Again' can retry. */
export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).then((stripe) => {
      if (!stripe) throw new Error("Stripe not loaded");
      return stripe;
    });
    promise.catch(() => stripePromises.delete(publishableKey));
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

/** Stripe Elements (a Payment Element), confirmed without a redirect unless the bank requires one. */
export default function StripeCardForm(props: PaymentCardFormProps) {
  const { config, clientSecret, onLoadError } = props;
  const { resolvedTheme } = useTheme();
  const stripePromise = useMemo(() => loadStripeFor(config.publishableKey), [config.publishableKey]);
  useEffect(() => {
    stripePromise.catch(() => onLoadError?.());
  }, [stripePromise, onLoadError]);
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, appearance: { theme: resolvedTheme === "dark" ? "night" : "stripe" } }}
    >
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ intent, onResult, renderActions }: PaymentCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const ready = Boolean(stripe && elements && elementReady);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !ready || submitting) return;
    setSubmitting(true);
    try {
      const returnUrl = `${window.location.origin}${intent === "payment" ? "/purchase-success" : "/pricing"}`;
      const answer =
        intent === "setup"
          ? await stripe.confirmSetup({
              elements,
              redirect: "if_required",
              confirmParams: { return_url: returnUrl },
            })
          : await stripe.confirmPayment({
              elements,
              redirect: "if_required",
              confirmParams: { return_url: returnUrl },
            });
      if (answer.error) {
        await onResult({ status: "declined", message: answer.error.message ?? "Your card was declined." });
        return;
      }
      const confirmed = "setupIntent" in answer ? answer.setupIntent : answer.paymentIntent;
      await onResult(
        confirmed?.status === "succeeded"
          ? { status: "succeeded", intentId: confirmed.id }
          : { status: "incomplete" },
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {!elementReady ? <CardFormSkeleton label="Loading payment form..." /> : null}
      <div className={elementReady ? undefined : "sr-only"}>
        <PaymentElement onReady={() => setElementReady(true)} />
      </div>
      {renderActions({ ready, submitting })}
    </form>
  );
}

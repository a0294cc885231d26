import { lazy, Suspense } from "react";
import { CardFormSkeleton } from "./card-form-skeleton";
import { SandboxCardForm } from "./sandbox-card-form";
import type { PaymentCardFormProps } from "./types";

// Stripe.js is only downloaded when the real provider is configured.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

/** The card form of the configured provider: Stripe Elements, or the sandbox's own test form. */
export function PaymentCardForm(props: PaymentCardFormProps) {
  if (props.config.provider === "sandbox") return <SandboxCardForm {...props} />;
  return (
    <Suspense fallback={<CardFormSkeleton label="Loading payment form..." />}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}

/** Loads Stripe.js ahead of the form (the trial's info step waits for it); the sandbox needs nothing. */
export async function preparePaymentProvider(config: PaymentCardFormProps["config"]): Promise<void> {
  if (config.provider === "sandbox") return;
  const { loadStripeFor } = await import("./stripe-card-form");
  await loadStripeFor(config.publishableKey);
}

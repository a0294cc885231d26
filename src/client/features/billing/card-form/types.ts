import type { ReactNode } from "react";
import type { StripeConfig } from "@shared/api/billing";

/** What confirming the card with the provider gave. */
export type CardConfirmResult =
  | { status: "succeeded"; intentId: string }
  /** The provider accepted the call but the intent did not succeed (e.g. still needs action). */
  | { status: "incomplete" }
  /** The provider refused the card; `message` is its own wording ('Your card was declined.'). */
  | { status: "declined"; message: string }
  /** Something else went wrong (network, server). */
  | { status: "error"; message: string };

export interface CardFormActionsState {
  /** The provider's form is loaded and can be submitted. */
  ready: boolean;
  submitting: boolean;
}

export interface PaymentCardFormProps {
  config: StripeConfig;
  clientSecret: string;
  /** A SetupIntent (trial: card saved, not charged) or a PaymentIntent (checkout). */
  intent: "setup" | "payment";
  /** Runs after the provider answered; the form stays busy until it settles. */
  onResult: (result: CardConfirmResult) => Promise<void> | void;
  /** The provider's script could not be loaded. */
  onLoadError?: () => void;
  /** The submit (type="submit") and cancel buttons, drawn by the caller with its own labels. */
  renderActions: (state: CardFormActionsState) => ReactNode;
}

import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import ShieldCheck from "lucide-react/icons/shield-check";
import { useState } from "react";
import type { StripeConfig } from "@shared/api/billing";
import { Button } from "@client/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { ApiError } from "@client/lib/api";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { toast } from "@client/lib/toast";
import { serverMessage } from "./api/errors";
import { useConfirmTrial } from "./api/trial";
import { PaymentCardForm } from "./card-form/payment-card-form";
import { TestModeBadge } from "./card-form/test-mode-badge";
import type { CardConfirmResult } from "./card-form/types";

export interface TrialSetup {
  clientSecret: string;
  setupIntentId: string;
  config: StripeConfig | null;
}

/** Why the payment step cannot show a card form (learner-core §2), each with 'Try Again'. */
type MissingSetup =
  "No setup data" | "Missing client secret" | "Stripe not loaded" | "Payment system unavailable";

function missingSetupOf(setup: TrialSetup | null, stripeFailed: boolean): MissingSetup | null {
  if (!setup) return "No setup data";
  if (!setup.clientSecret) return "Missing client secret";
  if (!setup.config) return "Payment system unavailable";
  if (stripeFailed) return "Stripe not loaded";
  return null;
}

export function TrialPaymentStep({
  setup,
  onBack,
  onRetry,
  onConfirmed,
  onCardRefused,
}: {
  setup: TrialSetup;
  onBack: () => void;
  onRetry: () => void;
  onConfirmed: () => void;
  /** The server refused the card itself: a set-up card cannot be swapped, so the dialog needs a fresh setup. */
  onCardRefused: () => void;
}) {
  const confirmTrial = useConfirmTrial();
  const [stripeFailed, setStripeFailed] = useState(false);
  const missing = missingSetupOf(setup, stripeFailed);

  async function handleResult(result: CardConfirmResult) {
    if (result.status === "declined") {
      toast({ title: "Payment Method Setup Failed", description: result.message, variant: "destructive" });
      return;
    }
    if (result.status === "error") {
      toast({ title: "Setup Error", description: result.message, variant: "destructive" });
      return;
    }
    if (result.status === "incomplete") {
      toast({
        title: "Setup Failed",
        description: "Payment method setup was not completed",
        variant: "destructive",
      });
      return;
    }
    try {
      const answer = await confirmTrial.mutateAsync(result.intentId);
      toast({
        title: "Trial Started! 🎉",
        description: answer?.message || "Welcome to your 7-day premium trial!",
        variant: "success",
      });
      onConfirmed();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Trial Setup Failed",
        description: serverMessage(error, "Failed to start trial"),
        variant: "destructive",
      });
      if (error instanceof ApiError && error.body?.code === "TRIAL_CARD_ALREADY_USED") onCardRefused();
    }
  }

  return (
    <>
      <DialogHeader>
        <span className="mb-1 grid size-11 place-items-center rounded-xl bg-accent text-accent-foreground">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <DialogTitle className="text-xl">Secure Card Verification</DialogTitle>
        <DialogDescription>
          Your card is saved for after the trial and is not charged today.
        </DialogDescription>
      </DialogHeader>
      {setup.config?.testMode ? (
        <div className="mb-4">
          <TestModeBadge />
        </div>
      ) : null}
      {missing ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-border p-6 text-center"
        >
          <AlertTriangle className="size-6 text-destructive" aria-hidden />
          <p className="font-medium">{missing}</p>
          <Button type="button" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      ) : (
        <PaymentCardForm
          // A fresh setup (after a refused card) starts an empty form, so the next card is not taken for the last.
          key={setup.setupIntentId}
          config={setup.config!}
          clientSecret={setup.clientSecret}
          intent="setup"
          onLoadError={() => setStripeFailed(true)}
          onResult={handleResult}
          renderActions={({ ready, submitting }) => {
            const busy = submitting || confirmTrial.isPending;
            return (
              <DialogFooter className="mt-2">
                <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
                  <span className="sm:hidden">Cancel</span>
                  <span className="hidden sm:inline">Go Back</span>
                </Button>
                <Button type="submit" disabled={!ready || busy} aria-busy={busy}>
                  {busy ? (
                    "Setting up trial..."
                  ) : (
                    <>
                      <span className="sm:hidden">Start Trial</span>
                      <span className="hidden sm:inline">Start 7-Day Trial</span>
                    </>
                  )}
                </Button>
              </DialogFooter>
            );
          }}
        />
      )}
    </>
  );
}

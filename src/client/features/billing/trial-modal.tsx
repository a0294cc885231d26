import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { StartTrialResponse, StripeConfig } from "@shared/api/billing";
import { Dialog, DialogContent } from "@client/components/ui/dialog";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { toast } from "@client/lib/toast";
import { useStartTrial } from "./api/trial";
import { serverMessage } from "./api/errors";
import { preparePaymentProvider } from "./card-form/payment-card-form";
import { TrialInfoStep } from "./trial-info-step";
import { TrialPaymentStep, type TrialSetup } from "./trial-payment-step";
import { STRIPE_CONFIG_KEY } from "@client/lib/query-keys";

/**
 * learner-core §2/§4 trial modal: the info step, then (once the server opened a card setup and the payment
 * library loaded) the payment step. Closing it at any point resets it to the info step.
 */
export function TrialModal({
  open,
  onOpenChange,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess?: () => void;
}) {
  const queryClient = useQueryClient();
  const startTrial = useStartTrial();
  const [setup, setSetup] = useState<TrialSetup | null>(null);
  const [preparing, setPreparing] = useState(false);

  function reset() {
    setSetup(null);
    setPreparing(false);
    startTrial.reset();
  }

  function changeOpen(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  async function continueToPayment() {
    if (preparing) return;
    setPreparing(true);
    let answer: StartTrialResponse;
    try {
      answer = await startTrial.mutateAsync();
    } catch (error) {
      setPreparing(false);
      if (!isUnauthorizedError(error)) {
        toast({
          title: "Trial Setup Failed",
          description: serverMessage(error, "Failed to initialize trial"),
          variant: "destructive",
        });
      }
      return;
    }
    if (!answer?.clientSecret || !answer.setupIntentId) {
      setPreparing(false);
      toast({
        title: "Setup Failed",
        description: "Invalid trial setup response. Please try again.",
        variant: "destructive",
      });
      return;
    }
    let config: StripeConfig | null = null;
    try {
      config = await queryClient.fetchQuery<StripeConfig>({
        queryKey: STRIPE_CONFIG_KEY,
        staleTime: Infinity,
      });
      await preparePaymentProvider(config);
    } catch (error) {
      // learner-core §8: a payment config failure is logged and rethrown into the toast below.
      console.error("Payment system failed to load", error);
      setPreparing(false);
      toast({
        title: "Payment Setup Failed",
        description: "Failed to load payment system. Please try again.",
        variant: "destructive",
      });
      return;
    }
    setSetup({ clientSecret: answer.clientSecret, setupIntentId: answer.setupIntentId, config });
    setPreparing(false);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-xl">
        {setup ? (
          <TrialPaymentStep
            setup={setup}
            onBack={reset}
            onRetry={() => {
              reset();
              void continueToPayment();
            }}
            onConfirmed={() => {
              changeOpen(false);
              onSuccess?.();
            }}
            onCardRefused={() => void continueToPayment()}
          />
        ) : (
          <TrialInfoStep
            preparing={preparing}
            onContinue={() => void continueToPayment()}
            onCancel={() => changeOpen(false)}
            onLeaveForTerms={() => changeOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

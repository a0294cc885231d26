import { TOAST_LONG_DURATION_MS } from "@shared/constants";
import type { SubscriptionDetails } from "@shared/api/billing";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { toast } from "@client/lib/toast";
import { useCancelSubscription } from "./api/cancel-subscription";
import { serverMessage } from "./api/errors";
import { useReactivateSubscription } from "./api/reactivate-subscription";
import { useCancelTrial } from "./api/trial";
import { formatBillingDate } from "./format";

export const CANCEL_SUBSCRIPTION_CONFIRMATION =
  "Are you sure you want to cancel your subscription? You'll lose access to premium features at the end of your billing period.";

/** The 'Already Scheduled' toast's extra text: the period-end date, the subscription kept, the number lost. */
export function scheduleText(message: string, details: SubscriptionDetails | undefined): string {
  if (!details) return message;
  const parts = [message, `Your plan changes to Free on ${formatBillingDate(details.cancellationDate)}.`];
  if (details.subscriptionToKeep) parts.push(`${details.subscriptionToKeep.topic.displayName} stays active.`);
  const lost = details.subscriptionsToLose.length;
  if (lost > 0) parts.push(`${lost} subscription${lost === 1 ? "" : "s"} will be paused.`);
  return parts.join(" ");
}

/** 'Keep Subscription' / 'Keep My Subscription': reactivates a scheduled cancellation. */
export function useKeepSubscription() {
  const reactivate = useReactivateSubscription();
  const keep = async () => {
    try {
      const answer = await reactivate.mutateAsync();
      toast({ title: "Subscription Reactivated!", description: answer?.message, variant: "success" });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Reactivation Failed",
        description: "Failed to reactivate subscription. Please try again.",
        variant: "destructive",
      });
    }
  };
  return { keep, isPending: reactivate.isPending };
}

/** 'Cancel Trial': the trial ends at its end date instead of converting; the server's message says when. */
export function useCancelTrialAction() {
  const cancelTrial = useCancelTrial();
  const cancel = async () => {
    try {
      const answer = await cancelTrial.mutateAsync();
      toast({ title: "Trial Cancelled", description: answer.message });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Cancellation Failed",
        description: "Failed to cancel trial. Please try again.",
        variant: "destructive",
      });
    }
  };
  return { cancel, isPending: cancelTrial.isPending };
}

/** 'Keep Trial': a cancelled trial converts at its end after all (the reactivate route, as for a paid plan). */
export function useKeepTrialAction() {
  const reactivate = useReactivateSubscription();
  const keep = async () => {
    try {
      const answer = await reactivate.mutateAsync();
      toast({ title: "Trial Kept", description: answer?.message, variant: "success" });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Reactivation Failed",
        description: serverMessage(error, "Failed to keep your trial. Please try again."),
        variant: "destructive",
      });
    }
  };
  return { keep, isPending: reactivate.isPending };
}

/** 'Cancel Subscription' after the browser's confirmation (plans-billing §5); access lasts to the period end. */
export function useCancelSubscriptionAction() {
  const cancelSubscription = useCancelSubscription();
  const cancel = async () => {
    if (cancelSubscription.isPending) return;
    if (!window.confirm(CANCEL_SUBSCRIPTION_CONFIRMATION)) return;
    try {
      const answer = await cancelSubscription.mutateAsync();
      if (answer.alreadyScheduled) {
        toast({
          title: "Already Scheduled",
          description: scheduleText(answer.message, answer.subscriptionDetails),
          duration: TOAST_LONG_DURATION_MS,
        });
      } else {
        toast({ title: "Subscription Cancelled", description: answer.message });
      }
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Cancellation Failed",
        description: serverMessage(error, "Failed to cancel subscription. Please try again."),
        variant: "destructive",
      });
    }
  };
  return { cancel, isPending: cancelSubscription.isPending };
}

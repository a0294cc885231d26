import { useState } from "react";
import type { User } from "@shared/api/auth";
import { FREE_PLAN_SUBSCRIPTIONS, TRIAL_PLAN } from "@shared/constants";
import { planDefinition } from "@shared/rules/billing";
import { planStateOf } from "@shared/rules/plans";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { Button, type ButtonProps } from "@client/components/ui/button";
import { formatBillingDate } from "./format";
import { useCancelTrialAction, useKeepTrialAction } from "./plan-actions";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What a cancelled trial gives up at its end: the trial plan's features that Free does not have. */
export function trialLossText(trialEnd: string): string {
  const free = planDefinition("free").features;
  const lost = planDefinition(TRIAL_PLAN)
    .features.filter((feature) => !free.includes(feature))
    .map(lowerFirst);
  const plan = planDefinition(TRIAL_PLAN).displayName;
  const kept = FREE_PLAN_SUBSCRIPTIONS === 1 ? "1 subscription" : `${FREE_PLAN_SUBSCRIPTIONS} subscriptions`;
  return `You keep ${plan} until ${trialEnd} and your card will not be charged. After that you lose ${lost.join(", ")}; your account moves to Free, which keeps ${kept} running and pauses the others.`;
}

/**
 * The trial banner's action (issue 28): 'Cancel Trial' asks first, saying what is lost and when; a cancelled trial
 * offers 'Keep Trial' instead, until its end date.
 */
export function TrialAction({ user, size }: { user: User; size?: ButtonProps["size"] }) {
  const [open, setOpen] = useState(false);
  const cancelTrial = useCancelTrialAction();
  const keepTrial = useKeepTrialAction();
  const state = planStateOf(user, new Date());
  if (!state.trial) return null;
  if (state.trial.cancelled) {
    return (
      <Button type="button" size={size} onClick={() => void keepTrial.keep()} disabled={keepTrial.isPending}>
        {keepTrial.isPending ? "Processing..." : "Keep Trial"}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Cancel your free trial?"
      description={trialLossText(formatBillingDate(state.trial.endsAt))}
      confirmLabel="Cancel Trial"
      cancelLabel="Keep My Trial"
      pendingLabel="Cancelling..."
      pending={cancelTrial.isPending}
      onConfirm={() => void cancelTrial.cancel().then(() => setOpen(false))}
    >
      <Button type="button" variant="outline" size={size} onClick={() => setOpen(true)}>
        Cancel Trial
      </Button>
    </ConfirmDialog>
  );
}

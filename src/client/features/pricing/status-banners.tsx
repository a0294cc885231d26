import { CANCELLED_TRIAL_SENTENCE, endsOnText, planStateOf, TRIAL_END_SENTENCE } from "@shared/rules/plans";
import CalendarX2 from "lucide-react/icons/calendar-x-2";
import Sparkles from "lucide-react/icons/sparkles";
import type { User } from "@shared/api/auth";
import { PLAN_DISPLAY_NAMES } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { formatBillingDate, isCancellationScheduled, TrialAction, useKeepSubscription } from "../billing";

/** plans-billing §2: 'Cancellation Scheduled' with 'Keep My Subscription', and the active trial's banner. */
export function PlanStatusBanners({ user }: { user: User }) {
  const keep = useKeepSubscription();
  const { trial } = planStateOf(user, new Date());
  return (
    <>
      {isCancellationScheduled(user) ? (
        <section
          aria-label="Cancellation Scheduled"
          className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <CalendarX2 className="hidden size-6 shrink-0 sm:block" aria-hidden />
          <div className="flex-1">
            <h2 className="font-semibold">Cancellation Scheduled</h2>
            <p className="text-sm opacity-90">
              Your {PLAN_DISPLAY_NAMES[user.subscriptionPlan]} plan ends on{" "}
              {formatBillingDate(user.subscriptionEndsAt)}. You keep full access until then.
            </p>
          </div>
          <Button type="button" onClick={() => void keep.keep()} disabled={keep.isPending}>
            {keep.isPending ? "Processing..." : "Keep My Subscription"}
          </Button>
        </section>
      ) : null}
      {trial ? (
        <section
          aria-label="Free trial"
          className="mb-6 flex flex-col gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:flex-row sm:items-center dark:border-emerald-400/30 dark:bg-emerald-950/40 dark:text-emerald-50"
        >
          <Sparkles className="hidden size-6 shrink-0 sm:block" aria-hidden />
          <div className="flex-1">
            <h2 className="font-semibold">
              {trial.cancelled && trial.endsAt
                ? `Your Premium trial ${endsOnText(trial.endsAt)}`
                : "Your Premium trial is active"}
            </h2>
            <p className="text-sm opacity-90">
              Your free trial ends on {formatBillingDate(user.trialEndDate)}.{" "}
              {trial.cancelled ? CANCELLED_TRIAL_SENTENCE : TRIAL_END_SENTENCE}
            </p>
          </div>
          <TrialAction user={user} />
        </section>
      ) : null}
    </>
  );
}

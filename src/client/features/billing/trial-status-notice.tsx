import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "wouter";
import type { User } from "@shared/api/auth";
import {
  CANCELLED_TRIAL_SENTENCE,
  endsOnText,
  planStateOf,
  TRIAL_END_SENTENCE,
  trialDaysLeftText,
} from "@shared/rules/plans";
import { formatBillingDate } from "./format";

/** The dashboard's one-line trial notice (issue 17): the plan, the days left, and what happens at the end. */
export function TrialStatusNotice({ user }: { user: User }) {
  const { trial, label, endsAt } = planStateOf(user, new Date());
  if (!trial) return null;
  const ends = !endsAt && trial.endsAt ? ` (ends ${formatBillingDate(trial.endsAt)})` : "";
  return (
    <p
      data-testid="trial-notice"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-primary/25 bg-primary/5 px-4 py-2.5 text-sm"
    >
      <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
      <span>
        <strong className="font-semibold">
          You're on {label}, {endsAt ? endsOnText(endsAt) : trialDaysLeftText(trial.daysLeft)}
        </strong>
        {ends}. {endsAt ? CANCELLED_TRIAL_SENTENCE : TRIAL_END_SENTENCE}
      </span>
      <Link
        href="/settings?tab=plan"
        className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        Manage trial
      </Link>
    </p>
  );
}

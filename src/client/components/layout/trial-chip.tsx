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

/**
 * The header's trial chip (issue 17): a trialing user sees the trial and its days left on every page; it links to
 * the Plan tab, where the trial can be cancelled. Nothing for anyone else. Short, so it never covers a link of the
 * top bar: 'Trial · 7 days left' (from 768 to 1023 px only '7 days left'); the plan's name is in its label.
 */
export function TrialChip({ user }: { user: User }) {
  const { trial, label, endsAt } = planStateOf(user, new Date());
  if (!trial) return null;
  const daysLeft = endsAt ? endsOnText(endsAt) : trialDaysLeftText(trial.daysLeft);
  const sentence = endsAt ? CANCELLED_TRIAL_SENTENCE : TRIAL_END_SENTENCE;
  return (
    <Link
      href="/settings?tab=plan"
      data-testid="trial-chip"
      aria-label={`${label}, ${daysLeft}. ${sentence}`}
      title={sentence}
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-primary/30 bg-primary/10 px-2 py-1 text-xs lg:px-2.5 font-semibold whitespace-nowrap text-primary hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Sparkles className="size-3.5" aria-hidden />
      <span className="md:max-lg:hidden">Trial ·</span>
      <span>{daysLeft}</span>
    </Link>
  );
}

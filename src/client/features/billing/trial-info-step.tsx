import Bell from "lucide-react/icons/bell";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Check from "lucide-react/icons/check";
import CreditCard from "lucide-react/icons/credit-card";
import Crown from "lucide-react/icons/crown";
import Headphones from "lucide-react/icons/headphones";
import InfinityIcon from "lucide-react/icons/infinity";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "wouter";
import { PRICE_AFTER_TRIAL_PENCE, TRIAL_LENGTH_DAYS } from "@shared/constants";
import { formatPlanAmount } from "@shared/rules/billing";
import { MORE_CHANNELS_TEXT } from "@shared/rules/claims";
import { Button } from "@client/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";

const BENEFITS = [
  { icon: InfinityIcon, text: "Unlimited vocabulary subscriptions" },
  { icon: CalendarClock, text: "All delivery frequencies" },
  { icon: Bell, text: "Email and in-app notifications", detail: MORE_CHANNELS_TEXT },
  { icon: Headphones, text: "Priority support" },
];

const HOW_IT_WORKS = [
  { icon: Sparkles, text: `${TRIAL_LENGTH_DAYS} days of Premium, free` },
  { icon: CreditCard, text: "Your card is verified, not charged" },
  { icon: RotateCcw, text: "Cancel anytime during the trial" },
  {
    icon: Check,
    text: `Then it converts to ${formatPlanAmount(PRICE_AFTER_TRIAL_PENCE)} a month automatically`,
  },
];

export function TrialInfoStep({
  preparing,
  onContinue,
  onCancel,
  onLeaveForTerms,
}: {
  preparing: boolean;
  onContinue: () => void;
  onCancel: () => void;
  onLeaveForTerms: () => void;
}) {
  return (
    <>
      <DialogHeader>
        <span className="mb-1 grid size-11 place-items-center rounded-xl bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300">
          <Crown className="size-6" aria-hidden />
        </span>
        <DialogTitle className="text-xl">Start your {TRIAL_LENGTH_DAYS}-day Premium trial</DialogTitle>
        <DialogDescription>Everything in Premium, free for {TRIAL_LENGTH_DAYS} days.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-5 sm:grid-cols-2">
        <section aria-labelledby="trial-benefits">
          <h3 id="trial-benefits" className="mb-2 text-sm font-semibold">
            What you get
          </h3>
          <ul className="flex flex-col gap-2 text-sm">
            {BENEFITS.map(({ icon: Icon, text, detail }) => (
              <li key={text} className="flex items-start gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                <span>
                  {text}
                  {detail ? <span className="block text-xs text-muted-foreground">{detail}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="trial-how">
          <h3 id="trial-how" className="mb-2 text-sm font-semibold">
            How it works
          </h3>
          <ul className="flex flex-col gap-2 text-sm">
            {HOW_IT_WORKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="mt-5 text-xs text-muted-foreground">
        By starting the trial you agree to our{" "}
        <Link
          href="/terms?from=trial"
          onClick={onLeaveForTerms}
          className="font-medium text-primary underline underline-offset-2"
        >
          Terms of Service
        </Link>
        .
      </p>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          <span className="sm:hidden">Cancel</span>
          <span className="hidden sm:inline">Maybe Later</span>
        </Button>
        <Button type="button" onClick={onContinue} disabled={preparing} aria-busy={preparing}>
          {preparing ? "Preparing payment setup..." : "Continue to Payment Setup"}
        </Button>
      </DialogFooter>
    </>
  );
}

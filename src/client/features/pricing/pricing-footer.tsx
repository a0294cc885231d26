import { Building2, Clock, Mail, RotateCcw, ShieldCheck } from "lucide-react";
import { Link } from "wouter";

const POINTS = [
  { icon: ShieldCheck, text: "Secure payments" },
  { icon: Mail, text: "Email and in-app delivery" },
  { icon: Clock, text: "24/7 support" },
  { icon: RotateCcw, text: "Cancel anytime" },
];

/** The plans page's closing note (plans-billing §2), and the way to team plans, which are on request (issue 28). */
export function PricingFooter() {
  return (
    <>
      <ul
        aria-label="Included with every plan"
        className="mt-10 grid grid-cols-2 gap-3 rounded-2xl border border-border bg-card p-4 text-sm text-muted-foreground sm:grid-cols-4 sm:p-5"
      >
        {POINTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 shrink-0 text-primary" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <p className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-sm text-muted-foreground">
        <Building2 className="size-4 text-primary" aria-hidden />
        Buying for a team? Team plans are available on request.
        <Link href="/teams" className="font-medium text-primary underline-offset-4 hover:underline">
          Ask us about a team plan
        </Link>
      </p>
    </>
  );
}

import Building2 from "lucide-react/icons/building-complex";
import Clock from "lucide-react/icons/clock";
import Mail from "lucide-react/icons/mail";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import ShieldCheck from "lucide-react/icons/shield-check";
import { Link } from "wouter";
import { MORE_CHANNELS_TEXT, SUPPORT_REPLY_TEXT } from "@shared/rules/claims";

/** The spec's four points, verbatim; where the short claim leaves out the truth, a second line says it. */
const POINTS = [
  { icon: ShieldCheck, text: "Secure payments" },
  { icon: Mail, text: "Email and in-app delivery", detail: MORE_CHANNELS_TEXT },
  { icon: Clock, text: "24/7 support", detail: SUPPORT_REPLY_TEXT },
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
        {POINTS.map(({ icon: Icon, text, detail }) => (
          <li key={text} className="flex items-start gap-2">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              {text}
              {detail ? <span className="block text-xs">{detail}</span> : null}
            </span>
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

import FlaskConical from "lucide-react/icons/flask-conical";

export const TEST_PAYMENT_NOTICE = "This is a test payment - no real money will be charged";

/** Shown whenever the payment system runs in test mode (Stripe test keys, or the built-in sandbox). */
export function TestModeBadge() {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{TEST_PAYMENT_NOTICE}</span>
    </p>
  );
}

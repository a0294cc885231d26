import { CreditCard, FlaskConical } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ApiError } from "../../../lib/api";
import { serverMessage } from "../api/errors";
import { confirmSandboxCard } from "../api/sandbox-confirm";
import type { PaymentCardFormProps } from "./types";

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** '1234' → '12 / 34'. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The built-in sandbox's card form (no Stripe keys configured): our own fields, clearly marked as test mode,
 * posting to /api/sandbox/confirm, which answers as Stripe.js would (the provider's decline message on 402).
 */
export function SandboxCardForm({ clientSecret, onResult, renderActions }: PaymentCardFormProps) {
  const id = useId();
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const complete = cardNumber.replace(/\s/g, "").length >= 12 && expiry.length >= 6 && cvc.length >= 3;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // learner-core §5: submitting does nothing until the form is ready (and never twice).
    if (submitting || !complete) return;
    setSubmitting(true);
    try {
      const [expMonth = "", expYear = ""] = expiry.split("/").map((part) => part.trim());
      let result: Parameters<typeof onResult>[0];
      try {
        const intent = await confirmSandboxCard(clientSecret, { cardNumber, expMonth, expYear, cvc });
        result = { status: "succeeded", intentId: intent.id };
      } catch (error) {
        if (error instanceof ApiError && [400, 402].includes(error.status)) {
          result = { status: "declined", message: error.body?.message ?? "Your card was declined." };
        } else {
          result = { status: "error", message: serverMessage(error, "An unexpected error occurred") };
        }
      }
      await onResult(result);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <fieldset
        disabled={submitting}
        className="flex flex-col gap-3 rounded-xl border border-dashed border-amber-400/70 bg-amber-50/40 p-4 dark:bg-amber-400/5"
      >
        <legend className="flex items-center gap-1.5 px-1 text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-200">
          <FlaskConical className="size-3.5" aria-hidden />
          Test mode · sandbox card
        </legend>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-number`}>Card number</Label>
          <div className="relative">
            <CreditCard
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={`${id}-number`}
              name="cardnumber"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              className="pl-9 font-mono tracking-wide"
              value={cardNumber}
              onChange={(event) => setCardNumber(groupCardNumber(event.target.value))}
            />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-expiry`}>Expiry (MM / YY)</Label>
            <Input
              id={`${id}-expiry`}
              name="exp-date"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="12 / 34"
              className="font-mono"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-cvc`}>CVC</Label>
            <Input
              id={`${id}-cvc`}
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              className="font-mono"
              value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, "").slice(0, 4))}
            />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          No real card is charged here. Use 4242 4242 4242 4242 with any future date and any CVC; 4000 0000 0000
          0002 is declined.
        </p>
      </fieldset>
      {renderActions({ ready: complete, submitting })}
    </form>
  );
}

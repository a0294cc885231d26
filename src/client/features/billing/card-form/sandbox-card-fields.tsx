import CreditCard from "lucide-react/icons/credit-card";
import FlaskConical from "lucide-react/icons/flask-conical";
import { useId } from "react";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";

export interface SandboxCardValue {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_SANDBOX_CARD: SandboxCardValue = { cardNumber: "", expiry: "", cvc: "" };

export const isSandboxCardComplete = (card: SandboxCardValue) =>
  card.cardNumber.replace(/\s/g, "").length >= 12 && card.expiry.length >= 6 && card.cvc.length >= 3;

/** The fields as the sandbox API takes them ('12 / 34' → month 12, year 34). */
export function sandboxCardInput(card: SandboxCardValue) {
  const [expMonth = "", expYear = ""] = card.expiry.split("/").map((part) => part.trim());
  return { cardNumber: card.cardNumber, expMonth, expYear, cvc: card.cvc };
}

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

/** The sandbox's own card fields, inside a fieldset clearly marked as test mode. */
export function SandboxCardFields({
  value,
  onChange,
  disabled,
}: {
  value: SandboxCardValue;
  onChange: (next: SandboxCardValue) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      disabled={disabled}
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
            value={value.cardNumber}
            onChange={(event) => onChange({ ...value, cardNumber: groupCardNumber(event.target.value) })}
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
            value={value.expiry}
            onChange={(event) => onChange({ ...value, expiry: formatExpiry(event.target.value) })}
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
            value={value.cvc}
            onChange={(event) =>
              onChange({ ...value, cvc: event.target.value.replace(/\D/g, "").slice(0, 4) })
            }
          />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        No real card is charged here. Use 4242 4242 4242 4242 with any future date and any CVC; 4000 0000 0000
        0002 is declined.
      </p>
    </fieldset>
  );
}

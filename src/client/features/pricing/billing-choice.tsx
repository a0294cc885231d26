import {
  BILLING_INTERVALS,
  CURRENCIES,
  YEARLY_PRICE_MONTHS,
  type BillingInterval,
  type Currency,
} from "@shared/constants";
import { cn } from "@client/lib/utils";

const INTERVAL_LABELS: Record<BillingInterval, string> = { month: "Monthly", year: "Yearly" };
const CURRENCY_LABELS: Record<Currency, string> = { gbp: "£ GBP", usd: "$ USD" };

/** A row of radio buttons drawn as a segmented switch (keyboard: arrows move the choice, as radios do). */
function Segmented<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex items-center gap-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex rounded-full border border-border bg-muted/50 p-1">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "cursor-pointer rounded-full px-3.5 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              value === option ? "bg-card text-foreground shadow-xs" : "text-muted-foreground",
              disabled && "cursor-not-allowed opacity-70",
            )}
          >
            <input
              type="radio"
              name={legend}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Monthly/Yearly with the yearly saving beside it: on the plans page and inside checkout. */
export function IntervalSwitch({
  interval,
  onChange,
  disabled,
}: {
  interval: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      <Segmented
        legend="Billing period"
        options={BILLING_INTERVALS}
        labels={INTERVAL_LABELS}
        value={interval}
        onChange={onChange}
        disabled={disabled}
      />
      <span className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
        Yearly: {12 - YEARLY_PRICE_MONTHS} months free
      </span>
    </div>
  );
}

/**
 * The plans page's Monthly/Yearly and currency switches (issue 28). A customer who has paid before stays in the
 * currency of that payment, so the currency switch is shown fixed for them.
 */
export function BillingChoice({
  interval,
  onIntervalChange,
  currency,
  onCurrencyChange,
  currencyFixed,
}: {
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  currency: Currency;
  onCurrencyChange: (currency: Currency) => void;
  currencyFixed: boolean;
}) {
  return (
    <div className="mb-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-center sm:gap-6">
      <IntervalSwitch interval={interval} onChange={onIntervalChange} />
      <Segmented
        legend="Currency"
        options={CURRENCIES}
        labels={CURRENCY_LABELS}
        value={currency}
        onChange={onCurrencyChange}
        disabled={currencyFixed}
      />
    </div>
  );
}

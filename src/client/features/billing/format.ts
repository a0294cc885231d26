import { BILLING_DATE_LOCALE } from "@shared/constants";

const LONG_DATE = new Intl.DateTimeFormat(BILLING_DATE_LOCALE, {
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** Billing dates read en-GB with a long month (plans-billing §9): '30 November 2026'. */
export function formatBillingDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : LONG_DATE.format(date);
}

import { formatBillingDay } from "@shared/rules/billing";

/** A billing date in the browser's time zone: '30 November 2026' (plans-billing §9). */
export function formatBillingDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : formatBillingDay(date, "local");
}

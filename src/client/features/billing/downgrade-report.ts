import { useCallback, useSyncExternalStore } from "react";
import type { FrequencyChangeNotice, ValidateSubscriptionResponse } from "@shared/api/billing";

/** A downgrade the server reported; kept until the user dismisses it, since the server reports it once. */
export interface DowngradeReport {
  previousPlan: string | null;
  downgradeReason: string | null;
  contactSuggested: boolean;
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Without storage the notice still shows through memory until reload. */
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): memory stands in.
  }
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  emit();
}

/**
 * A report the server makes once (POST /api/validate-subscription) and the dashboard shows until the user
 * dismisses it: kept per user in localStorage.
 */
function storedReport<T>(prefix: string) {
  const keyOf = (userId: string) => `${prefix}:${userId}`;
  return {
    save: (userId: string, report: T) => write(keyOf(userId), JSON.stringify(report)),
    use(userId: string): [T | null, () => void] {
      const key = keyOf(userId);
      const raw = useSyncExternalStore(subscribe, () => read(key) ?? memory.get(key) ?? null);
      const dismiss = useCallback(() => write(key, null), [key]);
      try {
        return [raw ? (JSON.parse(raw) as T) : null, dismiss];
      } catch {
        return [null, dismiss];
      }
    },
  };
}

const downgradeReports = storedReport<DowngradeReport>("downgradeNotice");
const scheduleReports = storedReport<FrequencyChangeNotice[]>("scheduleNotice");

export function saveDowngradeReport(userId: string, answer: ValidateSubscriptionResponse): void {
  downgradeReports.save(userId, {
    previousPlan: answer.previousPlan,
    downgradeReason: answer.downgradeReason,
    contactSuggested: answer.contactSuggested,
  });
}
export const useDowngradeReport = (userId: string) => downgradeReports.use(userId);

/** Subscriptions a downgrade moved to daily (any downgrade, including one the user chose). */
export const saveScheduleChanges = (userId: string, changes: FrequencyChangeNotice[]) =>
  scheduleReports.save(userId, changes);
export const useScheduleChanges = (userId: string) => scheduleReports.use(userId);

/** Renewal notices are dismissed per renewal date (the key comes from billingNoticeFor). */
export function useDismissedFlag(key: string | null): [boolean, () => void] {
  const dismissed = useSyncExternalStore(subscribe, () => (key ? read(key) === "dismissed" : false));
  const dismiss = useCallback(() => {
    if (key) write(key, "dismissed");
  }, [key]);
  return [dismissed, dismiss];
}

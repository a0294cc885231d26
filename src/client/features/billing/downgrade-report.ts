import { useCallback, useSyncExternalStore } from "react";
import type { ValidateSubscriptionResponse } from "../../../shared/api/billing";

/** A downgrade the server reported; kept until the user dismisses it, since the server reports it once. */
export interface DowngradeReport {
  previousPlan: string | null;
  downgradeReason: string | null;
  contactSuggested: boolean;
}

const storageKey = (userId: string) => `downgradeNotice:${userId}`;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function read(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

export function saveDowngradeReport(userId: string, answer: ValidateSubscriptionResponse): void {
  const report: DowngradeReport = {
    previousPlan: answer.previousPlan,
    downgradeReason: answer.downgradeReason,
    contactSuggested: answer.contactSuggested,
  };
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(report));
  } catch {
    // Without storage the notice still shows through memory until reload.
    memory.set(userId, JSON.stringify(report));
  }
  emit();
}

const memory = new Map<string, string>();

export function useDowngradeReport(userId: string): [DowngradeReport | null, () => void] {
  const raw = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(userId) ?? memory.get(userId) ?? null,
  );
  const dismiss = useCallback(() => {
    try {
      localStorage.removeItem(storageKey(userId));
    } catch {
      // ignore
    }
    memory.delete(userId);
    emit();
  }, [userId]);
  let report: DowngradeReport | null = null;
  try {
    report = raw ? (JSON.parse(raw) as DowngradeReport) : null;
  } catch {
    report = null;
  }
  return [report, dismiss];
}

/** Renewal notices are dismissed per renewal date (the key comes from billingNoticeFor). */
export function useDismissedFlag(key: string | null): [boolean, () => void] {
  const dismissed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => {
      if (!key) return false;
      try {
        return localStorage.getItem(key) === "dismissed";
      } catch {
        return memory.get(key) === "dismissed";
      }
    },
  );
  const dismiss = useCallback(() => {
    if (!key) return;
    try {
      localStorage.setItem(key, "dismissed");
    } catch {
      memory.set(key, "dismissed");
    }
    emit();
  }, [key]);
  return [dismissed, dismiss];
}

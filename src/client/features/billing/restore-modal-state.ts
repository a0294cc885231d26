import { RESTORE_FLAG_VALID_MS, RESTORE_MODAL_STATE_KEY } from "@shared/constants";

interface RestoreRecord {
  type: string;
  timestamp: number;
}

function readRecord(): RestoreRecord | null {
  try {
    const raw = localStorage.getItem(RESTORE_MODAL_STATE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<RestoreRecord>;
    return typeof parsed.type === "string" && typeof parsed.timestamp === "number"
      ? { type: parsed.type, timestamp: parsed.timestamp }
      : null;
  } catch {
    return null;
  }
}

/**
 * plans-billing §4 "Restore flag": the Terms page's back button saves {type, timestamp}; a record of type
 * trial younger than 5 minutes reopens the trial modal. The record is removed once read, whatever it held,
 * so a stale or foreign one never fires later.
 */
export function takeTrialRestoreFlag(now: number = Date.now()): boolean {
  const record = readRecord();
  try {
    localStorage.removeItem(RESTORE_MODAL_STATE_KEY);
  } catch {
    // Storage may be unavailable (private mode); nothing to restore then.
  }
  if (!record || record.type !== "trial") return false;
  const age = now - record.timestamp;
  return age >= 0 && age < RESTORE_FLAG_VALID_MS;
}

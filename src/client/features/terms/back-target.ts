import { RESTORE_MODAL_STATE_KEY } from "@shared/constants";

export interface BackTarget {
  label: string;
  href: string;
  /** Whether leaving saves the restore record, so the plans page can reopen the modal the visitor came from. */
  savesRestoreRecord: boolean;
}

const TO_SETTINGS: BackTarget = { label: "Back to Settings", href: "/settings", savesRestoreRecord: false };

const FROM_PRICING_FLOWS: Record<string, string> = {
  trial: "Back to Trial",
  checkout: "Back to Checkout",
  pricing: "Back to Plans",
};

/**
 * plans-billing §2 "Terms": the back button follows the `from` query parameter. Absent or settings: back to
 * Settings. trial, checkout, pricing and any other value: save the restore record and go to /pricing, labelled
 * after the flow ('Back to Settings' for values the table does not name). A visitor without `from` came from
 * a public page and has no Settings to return to, so they go home instead.
 */
export function backTargetFor(from: string | null, signedIn: boolean): BackTarget {
  if (from === null || from === "") {
    return signedIn ? TO_SETTINGS : { label: "Back to Home", href: "/", savesRestoreRecord: false };
  }
  if (from === "settings") return TO_SETTINGS;
  return {
    label: FROM_PRICING_FLOWS[from] ?? "Back to Settings",
    href: "/pricing",
    savesRestoreRecord: true,
  };
}

/** The restore record of plans-billing §3: `{ type, timestamp }` under 'restoreModalState' in local storage. */
export function saveRestoreRecord(type: string, now: number = Date.now()): void {
  try {
    localStorage.setItem(RESTORE_MODAL_STATE_KEY, JSON.stringify({ type, timestamp: now }));
  } catch {
    // Storage can be unavailable (private mode, quota): the modal then simply does not reopen.
  }
}

import {
  DAILY_REVIEW_CAP_MESSAGE,
  QUIET_HOURS_SAME_MESSAGE,
  type Preferences,
  type QuietHoursSetting,
  type UpdatePreferencesRequest,
} from "@shared/api/preferences";
import {
  DAILY_REVIEW_CAP_MAX,
  DAILY_REVIEW_CAP_MIN,
  DAY_STARTS_AT_HOUR_MAX,
  type ReviewDelivery,
} from "@shared/constants";
import { ApiError } from "@client/lib/api";
import { isUnauthorizedError } from "@client/lib/unauthorized";

/** The window the switch offers when quiet hours are turned on for the first time. */
export const SUGGESTED_QUIET_HOURS: QuietHoursSetting = { start: "22:00", end: "07:00" };

/** The Schedule form as the learner edits it: the times stay when the switch goes off, the cap as typed. */
export interface ScheduleDraft {
  quietHoursOn: boolean;
  quietHours: QuietHoursSetting;
  dayStartsAtHour: number;
  dailyReviewCap: string;
  reviewDelivery: ReviewDelivery;
  dailyReviewTime: string;
}

export type ScheduleSettings = Pick<
  Preferences,
  "quietHours" | "dayStartsAtHour" | "dailyReviewCap" | "reviewDelivery" | "dailyReviewTime"
>;

export function scheduleDraftOf(saved: ScheduleSettings): ScheduleDraft {
  return {
    quietHoursOn: saved.quietHours !== null,
    quietHours: saved.quietHours ?? SUGGESTED_QUIET_HOURS,
    dayStartsAtHour: saved.dayStartsAtHour,
    dailyReviewCap: String(saved.dailyReviewCap),
    reviewDelivery: saved.reviewDelivery,
    dailyReviewTime: saved.dailyReviewTime,
  };
}

export type ScheduleField = "quietHours" | "dailyReviewCap";

export type ScheduleCheck =
  | { ok: true; changes: UpdatePreferencesRequest | null }
  | { ok: false; field: ScheduleField; message: string };

/**
 * The PATCH body for what the learner changed (null when nothing did), or the first value the server would refuse,
 * with the server's own message. Only changed fields are sent, so a save never rewrites a value edited elsewhere.
 */
export function scheduleChanges(saved: ScheduleSettings, draft: ScheduleDraft): ScheduleCheck {
  const quietHours = draft.quietHoursOn ? draft.quietHours : null;
  if (quietHours && quietHours.start === quietHours.end) {
    return { ok: false, field: "quietHours", message: QUIET_HOURS_SAME_MESSAGE };
  }
  const cap = Number(draft.dailyReviewCap.trim());
  if (
    !/^\d+$/.test(draft.dailyReviewCap.trim()) ||
    cap < DAILY_REVIEW_CAP_MIN ||
    cap > DAILY_REVIEW_CAP_MAX
  ) {
    return { ok: false, field: "dailyReviewCap", message: DAILY_REVIEW_CAP_MESSAGE };
  }
  const changes: UpdatePreferencesRequest = {};
  if (!sameQuietHours(quietHours, saved.quietHours)) changes.quietHours = quietHours;
  if (draft.dayStartsAtHour !== saved.dayStartsAtHour) changes.dayStartsAtHour = draft.dayStartsAtHour;
  if (cap !== saved.dailyReviewCap) changes.dailyReviewCap = cap;
  if (draft.reviewDelivery !== saved.reviewDelivery) changes.reviewDelivery = draft.reviewDelivery;
  // The time only matters to the daily review; picked while another choice is on, it waits in the draft.
  if (draft.reviewDelivery === "daily_review" && draft.dailyReviewTime !== saved.dailyReviewTime)
    changes.dailyReviewTime = draft.dailyReviewTime;
  return { ok: true, changes: Object.keys(changes).length > 0 ? changes : null };
}

const sameQuietHours = (a: QuietHoursSetting | null, b: QuietHoursSetting | null): boolean =>
  a === null || b === null ? a === b : a.start === b.start && a.end === b.end;

/** What the quiet-hours setting means, in one sentence (a window may wrap midnight: 22:00 to 07:00). */
export function quietHoursSentence(quietHours: QuietHoursSetting | null): string {
  return quietHours
    ? `No words, pushes or texts between ${quietHours.start} and ${quietHours.end} (your time).`
    : "Off: words, pushes and texts arrive at any hour your subscriptions say.";
}

/** The "Where reviews go" choices as Settings words them (issue 22; docs/account.md). */
export const REVIEW_DELIVERY_CHOICES: Record<ReviewDelivery, { label: string; hint: string }> = {
  with_words: { label: "With my words", hint: "Due reviews come in each send, below your new words." },
  daily_review: { label: "In one daily review", hint: "All due reviews in one message a day, at your time." },
  app_only: { label: "Only in the app", hint: "Sends bring new words only; review them on the Review page." },
};

/** Every hour a day may start at, as the select lists them: "00:00 (midnight)", "01:00", … "23:00". */
export const DAY_START_HOURS = Array.from({ length: DAY_STARTS_AT_HOUR_MAX + 1 }, (_, hour) => hour);

export const dayStartLabel = (hour: number): string =>
  `${String(hour).padStart(2, "0")}:00${hour === 0 ? " (midnight)" : ""}`;

/** Why a save failed and what the learner can do about it, both shown under the control. */
export interface SaveFailure {
  message: string;
  advice: string;
}

/**
 * The server's own message for a refused save, with `adviceWhenRefused` (what to change); for a server fault or no
 * answer, what happened and that nothing changed. Null for a lost session: the 401 handler already says so.
 */
export function saveFailureOf(error: unknown, adviceWhenRefused: string): SaveFailure | null {
  if (isUnauthorizedError(error)) return null;
  if (!(error instanceof ApiError)) {
    return {
      message: "Jargon could not be reached.",
      advice: "Nothing was changed. Check your connection and try again.",
    };
  }
  const serverMessage = typeof error.body?.message === "string" ? asSentence(error.body.message) : null;
  if (error.status < 500 && serverMessage) return { message: serverMessage, advice: adviceWhenRefused };
  return {
    message: serverMessage ?? `The server answered ${error.status}.`,
    advice: "Nothing was changed. Please try again in a moment.",
  };
}

/** The server's messages are phrases ("A pause can last up to 3 months"); the advice follows as a new sentence. */
const asSentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

import { z } from "zod";
import {
  DAILY_REVIEW_CAP_MAX,
  DAILY_REVIEW_CAP_MIN,
  DAY_STARTS_AT_HOUR_MAX,
  PAUSE_MAX_MONTHS,
  REVIEW_DELIVERIES,
  THEMES,
} from "../constants";
import { bodyIdSchema, dayOnlySchema, isoDate } from "./common";

export const themeSchema = z.enum(THEMES, { error: "Theme must be light, dark or system" });
export const themePreferenceSchema = z.object({ theme: themeSchema });
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

// ---- Schedule controls (issue 16) --------------------------------------------------------------------------------

export const QUIET_HOURS_TIME_MESSAGE = "Quiet hours must be two times written HH:MM";
export const QUIET_HOURS_SAME_MESSAGE = "Quiet hours must start and end at different times";
export const DAY_STARTS_AT_MESSAGE = `Day start must be a whole hour from 0 to ${DAY_STARTS_AT_HOUR_MAX}`;
export const DAILY_REVIEW_CAP_MESSAGE = `Reviews per day must be a whole number from ${DAILY_REVIEW_CAP_MIN} to ${DAILY_REVIEW_CAP_MAX}`;
/** The server also refuses an end in the past or past PAUSE_MAX_MONTHS (pauseError's messages, 400 `INVALID_PAUSE`). */
export const PAUSE_UNTIL_LABEL = "Pause end date";

/** A time of day on the 24-hour clock, as the time inputs give it: "07:00", "22:30". */
const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = z
  .string({ error: QUIET_HOURS_TIME_MESSAGE })
  .regex(HH_MM_PATTERN, { error: QUIET_HOURS_TIME_MESSAGE });

/** A nightly window with no sends, pushes or texts, in the user's zone; may wrap midnight (22:00–07:00). */
export const quietHoursSchema = z
  .object({ start: hhmm, end: hhmm }, { error: QUIET_HOURS_TIME_MESSAGE })
  .strict()
  .refine((window) => window.start !== window.end, { error: QUIET_HOURS_SAME_MESSAGE });
export type QuietHoursSetting = z.infer<typeof quietHoursSchema>;

export const dayStartsAtHourSchema = z
  .number({ error: DAY_STARTS_AT_MESSAGE })
  .int({ error: DAY_STARTS_AT_MESSAGE })
  .min(0, { error: DAY_STARTS_AT_MESSAGE })
  .max(DAY_STARTS_AT_HOUR_MAX, { error: DAY_STARTS_AT_MESSAGE });

export const dailyReviewCapSchema = z
  .number({ error: DAILY_REVIEW_CAP_MESSAGE })
  .int({ error: DAILY_REVIEW_CAP_MESSAGE })
  .min(DAILY_REVIEW_CAP_MIN, { error: DAILY_REVIEW_CAP_MESSAGE })
  .max(DAILY_REVIEW_CAP_MAX, { error: DAILY_REVIEW_CAP_MESSAGE });

export const REVIEW_DELIVERY_MESSAGE = "Reviews must go with_words, daily_review or app_only";
export const DAILY_REVIEW_TIME_MESSAGE = "Daily review time must be a time written HH:MM";

/** Issue 22: where due reviews go (REVIEW_DELIVERIES). */
export const reviewDeliverySchema = z.enum(REVIEW_DELIVERIES, { error: REVIEW_DELIVERY_MESSAGE });
/** The daily review's time of day, HH:MM in the user's zone (used while reviews go in one daily review). */
export const dailyReviewTimeSchema = z
  .string({ error: DAILY_REVIEW_TIME_MESSAGE })
  .regex(HH_MM_PATTERN, { error: DAILY_REVIEW_TIME_MESSAGE });

/**
 * What GET /api/preferences reports. `pause` is the stored pause while it has not ended (null once deliveries have
 * resumed): `from` when it began, `until` the instant deliveries resume (the start of the chosen day, at the user's
 * day start, in their zone).
 */
function scheduleControlsShape() {
  return {
    quietHours: quietHoursSchema.nullable(),
    dayStartsAtHour: z.number(),
    dailyReviewCap: z.number(),
    reviewDelivery: reviewDeliverySchema,
    dailyReviewTime: z.string(),
    pause: z.object({ from: isoDate, until: isoDate }).nullable(),
  };
}

export const preferencesSchema = z.object({
  theme: themeSchema.nullable(),
  phoneNumber: z.string().nullable(),
  /** Issue 15: whether phoneNumber was proved by a texted code (texts go only to a verified number). */
  phoneVerified: z.boolean(),
  emailNotifications: z.boolean(),
  inAppNotifications: z.boolean(),
  /**
   * Issue 16 (ours, additive): the learner's own FSRS parameters. `inUseSince` is when the ones in use were fitted
   * (null: the default ones); `reviews` counts their grades (a fit is tried from PERSONAL_PARAMETERS_MIN_REVIEWS);
   * `lastFitAt` (issue 22, additive) is when a fit last read their log, whether or not it found enough to fit (null:
   * never). FSRS's optimiser sets aside each first answer's rarest intervals as outliers, so a fit of the first
   * hundred or two reviews often finds too little to learn from (decision 004).
   */
  personalParameters: z.object({
    inUseSince: isoDate.nullable(),
    reviews: z.number(),
    lastFitAt: isoDate.nullable(),
  }),
  /** Issue 16 (ours, additive): the schedule controls above, as stored. */
  ...scheduleControlsShape(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * PATCH /api/user/preferences `pause`: `{ until: "YYYY-MM-DD" }` pauses every delivery from now until that day
 * (at most PAUSE_MAX_MONTHS months on), `null` resumes now. A pause ends by itself; the reviews that fell due
 * meanwhile are spread over the following days (at most the daily cap a day), never sent in one burst.
 */
export const pauseRequestSchema = z
  .object({ until: dayOnlySchema(PAUSE_UNTIL_LABEL) }, { error: `${PAUSE_UNTIL_LABEL} must be YYYY-MM-DD` })
  .strict()
  .nullable();
export const PAUSE_MAX_MONTHS_TEXT = `up to ${PAUSE_MAX_MONTHS} months`;

/** E.164: a plus, the country code and the number, 8 to 15 digits in all, no spaces. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;
export const PHONE_FORMAT_MESSAGE = "Phone number must be in international format, e.g. +447700900123";
export const NOTHING_TO_UPDATE_MESSAGE = "Nothing to update";

/** PATCH /api/user/preferences: any of the fields; an empty phone number clears it. */
export const updatePreferencesRequestSchema = z
  .object({
    phoneNumber: z
      .string({ error: PHONE_FORMAT_MESSAGE })
      .trim()
      .transform((value) => value.replace(/[\s()-]/g, ""))
      .refine((value) => value === "" || E164_PATTERN.test(value), { error: PHONE_FORMAT_MESSAGE })
      .transform((value) => (value === "" ? null : value))
      .nullable()
      .optional(),
    emailNotifications: z.boolean({ error: "emailNotifications must be true or false" }).optional(),
    inAppNotifications: z.boolean({ error: "inAppNotifications must be true or false" }).optional(),
    /** Issue 16 (ours): null turns quiet hours off. */
    quietHours: quietHoursSchema.nullable().optional(),
    dayStartsAtHour: dayStartsAtHourSchema.optional(),
    dailyReviewCap: dailyReviewCapSchema.optional(),
    /** Issue 22 (ours): where due reviews go, and the daily review's time (kept when another choice is made). */
    reviewDelivery: reviewDeliverySchema.optional(),
    dailyReviewTime: dailyReviewTimeSchema.optional(),
    pause: pauseRequestSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: NOTHING_TO_UPDATE_MESSAGE });
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequestSchema>;

// plans-billing §5: the bulk e-mail validation messages.
export const SELECT_SUBSCRIPTIONS_MESSAGE = "Please select subscriptions to update";
export const NO_ACTIVE_SELECTED_MESSAGE = "No active subscriptions selected";
/** A generous ceiling: no plan comes near it, and it keeps one request's work bounded. */
export const BULK_EMAIL_MAX_IDS = 500;

/**
 * POST /api/user/update-subscription-emails. `userEmailPreference` is accepted for the spec's contract, but the
 * server derives the stored preference itself (on after enabling; after disabling, on only while some active
 * subscription still e-mails), so a client cannot store a value that contradicts the subscriptions.
 */
export const updateSubscriptionEmailsRequestSchema = z.object({
  subscriptionIds: z
    .array(bodyIdSchema("subscriptionIds", SELECT_SUBSCRIPTIONS_MESSAGE), {
      error: SELECT_SUBSCRIPTIONS_MESSAGE,
    })
    .min(1, { error: SELECT_SUBSCRIPTIONS_MESSAGE })
    .max(BULK_EMAIL_MAX_IDS, { error: `At most ${BULK_EMAIL_MAX_IDS} subscriptions at a time` }),
  enableEmail: z.boolean({ error: "enableEmail must be true or false" }),
  userEmailPreference: z.boolean().optional(),
});
export type UpdateSubscriptionEmailsRequest = z.infer<typeof updateSubscriptionEmailsRequestSchema>;

/** The answer of both e-mail routes: what changed, and the preference as now stored. */
export const emailUpdateResponseSchema = z.object({
  message: z.string(),
  updated: z.number(),
  emailNotifications: z.boolean(),
});
export type EmailUpdateResponse = z.infer<typeof emailUpdateResponseSchema>;

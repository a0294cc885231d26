import { z } from "zod";
import { THEMES } from "../constants";
import { bodyIdSchema, isoDate } from "./common";

export const themeSchema = z.enum(THEMES, { error: "Theme must be light, dark or system" });
export const themePreferenceSchema = z.object({ theme: themeSchema });
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

export const preferencesSchema = z.object({
  theme: themeSchema.nullable(),
  phoneNumber: z.string().nullable(),
  /** Issue 15: whether phoneNumber was proved by a texted code (texts go only to a verified number). */
  phoneVerified: z.boolean(),
  emailNotifications: z.boolean(),
  inAppNotifications: z.boolean(),
  /**
   * Issue 16 (ours, additive): the learner's own FSRS parameters. `inUseSince` is when the ones in use were fitted
   * (null: FSRS's defaults); `reviews` counts their grades (personal ones come at PERSONAL_PARAMETERS_MIN_REVIEWS).
   */
  personalParameters: z.object({ inUseSince: isoDate.nullable(), reviews: z.number() }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** E.164: a plus, the country code and the number, 8 to 15 digits in all, no spaces. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;
export const PHONE_FORMAT_MESSAGE = "Phone number must be in international format, e.g. +447700900123";
export const NOTHING_TO_UPDATE_MESSAGE = "Nothing to update";

/** PATCH /api/user/preferences: any of the three; an empty phone number clears it. */
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

import { z } from "zod";
import {
  FEEDBACK_AREAS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MIN,
  FEEDBACK_SUBJECT_MAX,
} from "../constants";
import { textSchema } from "./common";

// plans-billing §5: the feedback form's messages, word for word.
export const FEEDBACK_MESSAGES = {
  area: "Please select an area",
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be under ${FEEDBACK_SUBJECT_MAX} characters`,
  messageTooShort: `Please provide at least ${FEEDBACK_MESSAGE_MIN} characters of feedback`,
  messageTooLong: `Message must be under ${FEEDBACK_MESSAGE_MAX} characters`,
  // Our wording: the spec only says the address must be valid when present.
  email: "Please enter a valid email address",
  nameTooLong: "Name must be under 100 characters",
} as const;

export const FEEDBACK_NAME_MAX = 100;

/** POST /api/feedback, and the form's own validation (the same rules on both sides). */
export const feedbackRequestSchema = z.object({
  area: z.enum(FEEDBACK_AREAS, { error: FEEDBACK_MESSAGES.area }),
  subject: textSchema("Subject", {
    min: 1,
    max: FEEDBACK_SUBJECT_MAX,
    messages: { required: FEEDBACK_MESSAGES.subjectRequired, tooLong: FEEDBACK_MESSAGES.subjectTooLong },
  }),
  message: textSchema("Message", {
    min: FEEDBACK_MESSAGE_MIN,
    max: FEEDBACK_MESSAGE_MAX,
    messages: {
      required: FEEDBACK_MESSAGES.messageTooShort,
      tooShort: FEEDBACK_MESSAGES.messageTooShort,
      tooLong: FEEDBACK_MESSAGES.messageTooLong,
    },
  }),
  userEmail: z
    .string({ error: FEEDBACK_MESSAGES.email })
    .trim()
    .pipe(z.union([z.literal(""), z.email({ error: FEEDBACK_MESSAGES.email }).max(254)]))
    .optional(),
  userName: textSchema("Name", {
    max: FEEDBACK_NAME_MAX,
    messages: { tooLong: FEEDBACK_MESSAGES.nameTooLong },
  }).optional(),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const FEEDBACK_AREA_LABELS: Record<(typeof FEEDBACK_AREAS)[number], string> = {
  dashboard: "Dashboard",
  subscriptions: "Subscriptions",
  discover: "Discover",
  history: "History",
  favorites: "Favorites",
  settings: "Settings",
  notifications: "Notifications",
  billing: "Billing",
  content: "Content",
  ui: "User interface",
  performance: "Performance",
  mobile: "Mobile",
  other: "Other",
};

export const feedbackResponseSchema = z.object({ message: z.string(), id: z.number() });

/** Our limits (the spec only says "rate limited"): per signed-in user, and per IP address. */
export const FEEDBACK_PER_USER_PER_HOUR = 5;
export const FEEDBACK_PER_IP_PER_HOUR = 20;
export const FEEDBACK_RATE_LIMIT_MESSAGE =
  "You've sent a lot of feedback in the last hour. Please wait a while and try again.";

import { z } from "zod";
import { idParam, isoDate } from "./common";
import { DELIVERY_KINDS, wordContentSchema } from "./history";
import { dueAfterSchema, RATINGS } from "./learning";

/**
 * What a delivered word (a notification, a word of Today's Learning) carries for the quick grades (issue 16,
 * additive): its card (null only if the card is gone with its word), whether it came as a new word or a review, and
 * the word's latest grade since this delivery, wherever it was given (null until answered; issue 22: an answer on
 * /review shows here too). Issue 22 adds when the word comes back (the card's due; null without a card or once
 * known).
 */
const deliveredCardFields = {
  cardId: z.number().nullable(),
  kind: z.enum(DELIVERY_KINDS),
  grade: z.union(RATINGS.map((rating) => z.literal(rating))).nullable(),
  comesBackAt: isoDate.nullable(),
  /** When it comes back as the learner will see it (the grade response's `comesBack`); null likewise. */
  comesBack: z.string().nullable(),
};

/** One row of the notification dropdown (learner-core §3). */
export const notificationItemSchema = z.object({
  id: z.number(),
  /** null means unread. */
  readAt: isoDate.nullable(),
  sentAt: isoDate,
  /** The spec's `{ id, word, definition }`, plus the library's part of speech and usage note (null when it has none). */
  content: z.object({
    id: z.number(),
    word: z.string(),
    definition: z.string(),
    partOfSpeech: z.string().nullable(),
    note: z.string().nullable(),
  }),
  topic: z.object({ name: z.string(), displayName: z.string(), category: z.string() }),
  ...deliveredCardFields,
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** A word delivered today, for the dashboard's 'Today's Learning' carousel. */
export const deliveredItemSchema = z.object({
  id: z.number(),
  contentId: z.number(),
  sentAt: isoDate,
  isFavorite: z.boolean(),
  topic: z.object({ name: z.string(), displayName: z.string(), category: z.string() }),
  content: wordContentSchema,
  ...deliveredCardFields,
  /**
   * What each grade would make of the card now (issue 22; null without a card or once known). The notification
   * list polled every 2 s does not carry it: the dropdown asks GET /api/review/previews when it opens.
   */
  dueAfter: dueAfterSchema.nullable(),
});
export type DeliveredItem = z.infer<typeof deliveredItemSchema>;
export const todayActivitySchema = z.array(deliveredItemSchema);

export const notificationIdParams = idParam;

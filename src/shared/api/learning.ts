import { z } from "zod";
import { LINK_ANSWER_CHANNEL_NAMES } from "../channels";
import { QUICK_ANSWERS } from "../constants";
import { bodyIdSchema, coercedIdSchema, isoDate } from "./common";
import {
  GRADE_CHANNELS,
  GRADE_PREVIEW_CARDS_MAX,
  REVIEW_DUE_LIMIT_DEFAULT,
  REVIEW_DUE_LIMIT_MAX,
} from "./learning-values";

export * from "./learning-values";

/** Issue 16's API: the review queue, grading, retiring a known word, and the Progress figures. */

export const CARD_STATE_NAMES = ["new", "learning", "review", "relearning"] as const;

/** FSRS's four grades as numbers: 1 Again, 2 Hard, 3 Good, 4 Easy (the keys 1–4 on /review). */
export const RATINGS = [1, 2, 3, 4] as const;
/** How /review asks: recall then reveal (flashcards), or pick the definition among three (multiple choice). */
export const REVIEW_MODES = ["flashcards", "multiple_choice"] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];
export type Rating = (typeof RATINGS)[number];

export const cardIdParamsSchema = z.object({ cardId: coercedIdSchema("Card id") });

export const reviewDueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Limit must be a whole number between 1 and ${REVIEW_DUE_LIMIT_MAX}` })
    .int({ error: `Limit must be a whole number between 1 and ${REVIEW_DUE_LIMIT_MAX}` })
    .min(1, { error: `Limit must be a whole number between 1 and ${REVIEW_DUE_LIMIT_MAX}` })
    .max(REVIEW_DUE_LIMIT_MAX, {
      error: `Limit must be a whole number between 1 and ${REVIEW_DUE_LIMIT_MAX}`,
    })
    .default(REVIEW_DUE_LIMIT_DEFAULT),
});

export const reviewCardContentSchema = z.object({
  id: z.number(),
  word: z.string(),
  definition: z.string(),
  example: z.string().nullable(),
  pronunciation: z.string().nullable(),
  /** The word's etymology, shown on the answer side as "Origin"; null when the library gives none (issue 27). */
  origin: z.string().nullable(),
  topic: z.object({ id: z.number(), name: z.string(), displayName: z.string() }),
});
/**
 * When a card would come back after each grade, computed when the answer was made by the same FSRS rules a grade
 * goes through (ours, additive): the grade buttons show it, as Anki's do.
 */
export const dueAfterSchema = z.object({ again: isoDate, hard: isoDate, good: isoDate, easy: isoDate });
export type DueAfter = z.infer<typeof dueAfterSchema>;

const cardIdsMessage = `cardIds must be 1 to ${GRADE_PREVIEW_CARDS_MAX} card ids separated by commas`;
/**
 * GET /api/review/previews?cardIds=1,2 (ours): the grade buttons' preview of some of the learner's cards, asked where
 * the buttons are shown (the notification dropdown, when it opens) instead of riding on the list polled every 2 s.
 */
export const gradePreviewsQuerySchema = z.object({
  cardIds: z
    .string({ error: cardIdsMessage })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: cardIdsMessage })
    .transform((value) => [...new Set(value.split(",").map(Number))])
    .pipe(z.array(bodyIdSchema("Card id")).max(GRADE_PREVIEW_CARDS_MAX, { error: cardIdsMessage })),
});
/** One preview a card that is the learner's and not marked as known; other ids are left out. */
export const gradePreviewsResponseSchema = z.array(
  z.object({ cardId: z.number(), dueAfter: dueAfterSchema }),
);
export type GradePreviews = z.infer<typeof gradePreviewsResponseSchema>;

export const dueCardSchema = z.object({
  cardId: z.number(),
  content: reviewCardContentSchema,
  due: isoDate,
  state: z.enum(CARD_STATE_NAMES),
  dueAfter: dueAfterSchema,
});
export const reviewDueResponseSchema = z.array(dueCardSchema);
export type DueCard = z.infer<typeof dueCardSchema>;

export const gradeBodySchema = z
  .object({
    rating: z
      .union(
        RATINGS.map((rating) => z.literal(rating)),
        {
          error: "Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)",
        },
      )
      .optional(),
    /**
     * A quick answer to a delivered word instead of a rating (ours, additive; needs `deliveryId`). The server grades
     * it by the delivery's kind, as the e-mail, push and SMS answers are (issue 22): "knew_it" on a new word is Easy
     * ("I knew this already"), on a review Good; "didnt_know" is Again.
     */
    answer: z.enum(QUICK_ANSWERS, { error: "answer must be knew_it or didnt_know" }).optional(),
    channel: z.enum(GRADE_CHANNELS).optional(),
    /**
     * The delivery this grade answers (ours, additive: a notification or a Today's Learning item's id). A delivery
     * takes one grade; the item then shows it.
     */
    deliveryId: bodyIdSchema("Delivery id").optional(),
    /**
     * How the answer was asked (ours, additive). Multiple choice is practice: a right pick may be a lucky guess among
     * three, so the server records at most Hard (MULTIPLE_CHOICE_MAX_RATING), whatever rating is sent.
     */
    mode: z.enum(REVIEW_MODES, { error: "mode must be flashcards or multiple_choice" }).optional(),
  })
  .refine((body) => (body.rating === undefined) !== (body.answer === undefined), {
    error: "Send either a rating or an answer",
  })
  .refine((body) => body.answer === undefined || body.deliveryId !== undefined, {
    error: "An answer needs the deliveryId it answers",
  });
export type GradeBody = z.infer<typeof gradeBodySchema>;
export const gradeResponseSchema = z.object({
  /** The grade recorded (ours, additive): the one sent, or Hard for a right multiple-choice pick sent higher. */
  rating: z.union(RATINGS.map((rating) => z.literal(rating))),
  due: isoDate,
  /**
   * When the word comes back as the learner will see it (ours, additive; issue 22): in their days, never "today",
   * and "with your next words" when the next send carries it ("tomorrow, with your next words", "in 4 days").
   */
  comesBack: z.string(),
  state: z.enum(CARD_STATE_NAMES),
  stability: z.number(),
});
export type GradeResponse = z.infer<typeof gradeResponseSchema>;

export const knownResponseSchema = z.object({ cardId: z.number(), knownAt: isoDate });

export const progressSchema = z.object({
  streak: z.number(),
  freezes: z.number(),
  mastered: z.number(),
  dueToday: z.number(),
  /** The next 30 user days; everything overdue counts in the first. `date` is the user's calendar day, YYYY-MM-DD. */
  forecast: z.array(z.object({ date: z.string(), count: z.number() })),
  /** Share of Good/Easy among the week's reviews (0–1); `week` is the Monday of that week, YYYY-MM-DD. */
  retention: z.array(z.object({ week: z.string(), rate: z.number() })),
  /** Mean FSRS retrievability (0–1) of the topic's cards now. */
  topics: z.array(z.object({ topicId: z.number(), name: z.string(), retrievability: z.number() })),
  /**
   * Words you would recall today: ΣR, the sum of FSRS recall probabilities over the user's words, rounded (words
   * marked known count 1, words introduced and never answered 0; decision 004). `weekAgo` and `monthAgo` are the
   * same figure 7 and 30 user days ago, rebuilt from the review log.
   */
  recall: z.object({ today: z.number(), weekAgo: z.number(), monthAgo: z.number() }),
});
export type Progress = z.infer<typeof progressSchema>;

/**
 * POST /api/grade?token= asked for JSON (`Accept: application/json`): how a push notification's answer button
 * records its answer (the e-mail's page posts a form and gets a page). The signed token, in the URL or the body,
 * is the authority (no sign-in); `channel` says where the answer was given.
 */
export const GRADE_LINK_CHANNELS = LINK_ANSWER_CHANNEL_NAMES;
export type GradeLinkChannel = (typeof GRADE_LINK_CHANNELS)[number];
export const gradeLinkAnswerRequestSchema = z
  .object({
    token: z.string({ error: "token must be a string" }).max(200, { error: "token is too long" }).optional(),
    channel: z
      .enum(GRADE_LINK_CHANNELS, { error: `channel must be ${GRADE_LINK_CHANNELS.join(" or ")}` })
      .default("email"),
  })
  .nullish();
export const gradeLinkAnswerSchema = z.object({
  word: z.string(),
  /** Shown once answered (a review's notification asks before it tells). */
  definition: z.string(),
  /** When the word comes back; null once it is marked as known. */
  due: isoDate.nullable(),
  /** The same in words ("in 3 days", "today"); null once it is marked as known. */
  comesBack: z.string().nullable(),
  /** Cards due in the learner's day after this answer. */
  dueToday: z.number(),
});
export type GradeLinkAnswer = z.infer<typeof gradeLinkAnswerSchema>;

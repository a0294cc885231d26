import { CHANNEL_NAMES } from "../channels";
import { z } from "zod";
import { DELIVERY_METHODS, WORD_LEVELS } from "../constants";
import { cursorSchema, dayOnlySchema, isoDate, textSchema } from "./common";
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE } from "./history-values";

export * from "./history-values";

/** A delivered word as every list shows it (history, favorites, today's learning). */
export const wordContentSchema = z.object({
  id: z.number(),
  word: z.string(),
  pronunciation: z.string().nullable(),
  definition: z.string(),
  example: z.string().nullable(),
  /** 1 beginner, 2 intermediate, 3 advanced. */
  level: z.union(WORD_LEVELS.map((level) => z.literal(level))),
  /** noun, verb, adjective, adverb, phrase, idiom, interjection or abbreviation; null when unknown. */
  partOfSpeech: z.string().nullable(),
  /** A sentence or two on why a professional needs the word ("why it matters"). */
  note: z.string().nullable(),
  /** The word's etymology, short; null when the library gives none (issue 27). */
  origin: z.string().nullable(),
  /** For a quotation: where it is from ("Psalm 23:1") and whose translation it quotes. */
  reference: z.string().nullable(),
  translation: z.string().nullable(),
  topic: z.object({ name: z.string(), displayName: z.string(), category: z.string() }),
});
export type WordContent = z.infer<typeof wordContentSchema>;

export const HISTORY_STATUSES = ["sent", "failed", "pending"] as const;
export const DELIVERY_SOURCES = ["scheduled", "demo"] as const;
/** A delivery brings a new word, or a word back as a review (issue 16). */
export const DELIVERY_KINDS = ["new", "review"] as const;
/**
 * How a history entry came (learner-core §3): "sms" for SMS, "both" when e-mail and SMS went; deliveries without
 * SMS keep their subscription's method (email, in_app, or both for e-mail and in-app).
 */
export const HISTORY_DELIVERY_METHODS = [...DELIVERY_METHODS, "sms"] as const;

/** In the order History lists them. */
export const HISTORY_CHANNELS = CHANNEL_NAMES;
export type HistoryChannel = (typeof HISTORY_CHANNELS)[number];

export const historyEntrySchema = z.object({
  id: z.number(),
  /** When the word first reached the user (in the app, or the first channel accepted it); null while pending. */
  sentAt: isoDate.nullable(),
  createdAt: isoDate,
  status: z.enum(HISTORY_STATUSES),
  deliveryMethod: z.enum(HISTORY_DELIVERY_METHODS),
  /**
   * Every way the word went (ours, additive): the spec's `deliveryMethod` cannot say "e-mail and SMS" apart from
   * "e-mail and in-app" (both are `both`), so the page reads this.
   */
  channels: z.array(z.enum(HISTORY_CHANNELS)),
  /** Ours, additive (issue 16): whether the word came as a new word or came back as a review. */
  kind: z.enum(DELIVERY_KINDS),
  source: z.enum(DELIVERY_SOURCES),
  error: z.string().nullable(),
  content: wordContentSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyListSchema = z.array(historyEntrySchema);

export const historyQuerySchema = z.object({
  /** A calendar day in the user's time zone. */
  date: dayOnlySchema("date").optional(),
  /** Case-insensitive text searched in the word and its definition. */
  q: textSchema("Search text", { max: 100, messages: { tooLong: "Search text is too long" } }).optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** POST /api/open: the signed-in app records that its user followed an e-mail's link (204). */
export const emailOpenedRequestSchema = z.object({ token: z.string().min(1).max(200) });

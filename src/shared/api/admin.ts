import { z } from "zod";
import { CURRENCIES, DEFAULT_WORD_LEVEL, PARTS_OF_SPEECH, PLAN_NAMES } from "../constants";
import { coercedIdSchema, isoDate, textSchema } from "./common";
// One rule and one message for a level, whether a subscription or a word names it.
import { subscriptionLevelSchema as levelSchema } from "./subscriptions";

/** The largest bulk upload one request may carry (the 2 MB body limit allows about this many short words). */
export const BULK_UPLOAD_MAX_ROWS = 10_000;

export const TOPIC_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
export const TOPIC_NAME_RULE_MESSAGE =
  "Internal name must be lowercase letters and digits separated by single underscores (e.g. legal_terms)";

// ---- Stats -----------------------------------------------------------------------------------------------------

/** GET /api/admin/stats: one row per topic (live words only). */
export const adminStatsRowSchema = z.object({
  topicId: z.number().int(),
  /** The topic's internal name. */
  topicName: z.string(),
  displayName: z.string(),
  icon: z.string(),
  count: z.number().int(),
});
export type AdminStatsRow = z.infer<typeof adminStatsRowSchema>;
export const adminStatsSchema = z.array(adminStatsRowSchema);

// ---- Users -----------------------------------------------------------------------------------------------------

/** Empty text fields mean "not provided". */
const optionalText = (max: number, label: string) =>
  textSchema(label, { max })
    .nullable()
    .transform((value) => (value ? value : null));

/** PUT /api/admin/users/{id}: every field optional; only the ones sent change. */
export const adminUpdateUserRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: "Please enter a valid e-mail address" }).max(254)),
    firstName: optionalText(100, "First name"),
    lastName: optionalText(100, "Last name"),
    phoneNumber: optionalText(32, "Phone number").refine(
      (value) => value === null || /^\+?[0-9 ()-]{5,31}$/.test(value),
      { error: "Please enter a valid phone number" },
    ),
    isAdmin: z.boolean(),
    subscriptionPlan: z.enum(PLAN_NAMES, {
      error: `Plan must be one of ${PLAN_NAMES.join(", ")}`,
    }),
  })
  // Other user fields a client sends along (id, fullName, createdAt...) are ignored, never written.
  .partial();
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;

// ---- Topics ----------------------------------------------------------------------------------------------------

/** POST /api/admin/topics */
export const adminCreateTopicRequestSchema = z.object({
  name: textSchema("Internal name", {
    min: 1,
    max: 50,
    messages: { required: "Internal name is required" },
  }).regex(TOPIC_NAME_PATTERN, { error: TOPIC_NAME_RULE_MESSAGE }),
  displayName: textSchema("Display name", {
    min: 1,
    max: 80,
    messages: { required: "Display name is required" },
  }),
  description: textSchema("Description", { max: 500 }).optional().default(""),
  icon: textSchema("Icon", {
    min: 1,
    max: 16,
    messages: { required: "Icon is required", tooLong: "Icon must be a single emoji" },
  }),
});
export type AdminCreateTopicRequest = z.input<typeof adminCreateTopicRequestSchema>;

// ---- Words -----------------------------------------------------------------------------------------------------

export const WORD_SOURCES = ["library", "admin"] as const;

export const adminWordSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  word: z.string(),
  definition: z.string(),
  example: z.string().nullable(),
  pronunciation: z.string().nullable(),
  level: z.number().int(),
  partOfSpeech: z.string().nullable(),
  note: z.string().nullable(),
  /** "admin": added or edited in the console, so library upgrades leave it alone. */
  source: z.enum(WORD_SOURCES),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminWord = z.infer<typeof adminWordSchema>;
export const adminWordListSchema = z.array(adminWordSchema);

/** The content of one word, as the form and each bulk row send it. */
export const wordContentSchema = z.object({
  word: textSchema("Word", { min: 1, max: 200, messages: { required: "Word is required" } }),
  definition: textSchema("Definition", {
    min: 1,
    max: 2000,
    messages: { required: "Definition is required" },
  }),
  example: optionalText(2000, "Example").optional().default(null),
  pronunciation: optionalText(200, "Pronunciation").optional().default(null),
  /** The library's fields (issue 14): optional, so the spec's word bodies stay valid. */
  level: levelSchema.optional().default(DEFAULT_WORD_LEVEL),
  partOfSpeech: z
    .enum(PARTS_OF_SPEECH, { error: `Part of speech must be one of: ${PARTS_OF_SPEECH.join(", ")}` })
    .nullable()
    .optional()
    .default(null),
  note: optionalText(400, "Note").optional().default(null),
});
export type WordContent = z.output<typeof wordContentSchema>;

const topicIdSchema = coercedIdSchema("topicId", "Please select a topic");

/** POST /api/admin/content and PUT /api/admin/content/{id} */
export const adminWordRequestSchema = wordContentSchema.extend({ topicId: topicIdSchema });
export type AdminWordRequest = z.input<typeof adminWordRequestSchema>;

/** GET /api/admin/content?topicId= */
export const adminContentQuerySchema = z.object({ topicId: topicIdSchema });

/** DELETE /api/admin/content/{id} */
export const adminDeleteWordResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
});

/** POST /api/admin/content/bulk: `words` is one word object or an array of them; rows are checked one by one. */
export const adminBulkRequestSchema = z.object({
  topicId: coercedIdSchema("topicId", "Please select a topic for bulk upload"),
  words: z.unknown().refine((value) => value !== undefined && value !== null, {
    error: "Please enter JSON data",
  }),
});
export type AdminBulkRequest = z.input<typeof adminBulkRequestSchema>;

export const bulkRowErrorSchema = z.object({
  /** Position in the uploaded array (0 for a single object). */
  index: z.number().int(),
  word: z.string().nullable(),
  message: z.string(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

export const adminBulkResponseSchema = z.object({
  created: z.number().int(),
  total: z.number().int(),
  errors: z.array(bulkRowErrorSchema),
  skipped: z.number().int(),
  /** The words skipped as duplicates (already in the topic, or repeated in the upload). */
  skippedWords: z.array(z.string()),
});
export type AdminBulkResponse = z.infer<typeof adminBulkResponseSchema>;

// ---- Pronunciation check ---------------------------------------------------------------------------------------

/** GET /api/test/pronunciation/existing?topicId= (all topics without topicId). */
export const pronunciationCheckQuerySchema = z.object({ topicId: topicIdSchema.optional() });

export const PRONUNCIATION_STATUSES = ["match", "mismatch", "missing", "unverified"] as const;
export type PronunciationStatus = (typeof PRONUNCIATION_STATUSES)[number];

export const pronunciationResultSchema = z.object({
  wordId: z.number().int(),
  topicId: z.number().int(),
  word: z.string(),
  definition: z.string(),
  /** The pronunciation stored with the word. */
  pronunciation: z.string().nullable(),
  /** True when a pronunciation is stored and the lexicon does not contradict it. */
  success: z.boolean(),
  /** match: lexicon agrees; mismatch: it differs; missing: none stored; unverified: the lexicon lacks the word. */
  status: z.enum(PRONUNCIATION_STATUSES),
  /** The lexicon's IPA (CMUdict-derived), or null when the lexicon lacks the word. */
  ipa: z.string().nullable(),
  /** Recorded audio; empty when there is none (the UI speaks the word with the browser's speech synthesis). */
  audioUrl: z.string(),
  error: z.string().nullable(),
});
export type PronunciationResult = z.infer<typeof pronunciationResultSchema>;
export const pronunciationCheckResponseSchema = z.object({
  checked: z.number().int(),
  results: z.array(pronunciationResultSchema),
});
export type PronunciationCheckResponse = z.infer<typeof pronunciationCheckResponseSchema>;

/** GET /api/admin/operations: the operations overview beside the spec's Stats tab (issue 17). */
export const adminOperationsSchema = z.object({
  generatedAt: z.string(),
  users: z.object({ total: z.number(), activeTrials: z.number() }),
  /** Paying accounts per paid plan (basic, premium, pro), trials not counted. */
  paidPlans: z.array(z.object({ plan: z.string(), users: z.number() })),
  /** The last 24 hours of `delivery_sends`, per channel, by when each send was queued. */
  sendsLast24h: z.array(
    z.object({ channel: z.string(), sent: z.number(), failed: z.number(), pending: z.number() }),
  ),
  /** When the oldest send still waiting was queued; null when nothing waits. */
  oldestPendingSendAt: z.string().nullable(),
  lastBillingEvents: z.array(
    z.object({ id: z.number(), type: z.string(), userEmail: z.string(), createdAt: z.string() }),
  ),
  /** Today's (UTC) text-message budgets: per purpose overall ("all"), and per country that has any use. */
  smsBudgets: z.array(
    z.object({ purpose: z.enum(["code", "word"]), scope: z.string(), used: z.number(), limit: z.number() }),
  ),
  /** Budgets at 80 % or more, in words: what the operator should look at first. */
  alerts: z.array(z.string()),
});
export type AdminOperations = z.infer<typeof adminOperationsSchema>;

/** How many billing events the overview lists. */
export const ADMIN_OPERATIONS_BILLING_EVENTS = 10;

/**
 * GET /api/admin/users/:id/last-charge: what the admin's "Refund last payment" button would refund. `charge` is
 * null for a learner never charged; `refusal` says why nothing can be refunded (the same words the refund route
 * answers with), null when the charge is refundable.
 */
export const lastChargeResponseSchema = z.object({
  charge: z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES), chargedAt: isoDate }).nullable(),
  refusal: z.object({ message: z.string(), code: z.string() }).nullable(),
});
export type LastChargeResponse = z.infer<typeof lastChargeResponseSchema>;

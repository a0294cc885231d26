import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { GRADE_CHANNELS } from "@shared/api/learning-values";
import { topics, words } from "./content";
import { deliveries } from "./deliveries";
import { subscriptions } from "./subscriptions";
import { sqlValueList } from "./sql-values";
import { users } from "./users";

/**
 * One user's FSRS card for one word (docs/decisions/004-learning-loop.md): the `LearningCard` of
 * shared/rules/learning/fsrs.ts, field for field. Created when the word is first delivered; `known_at` retires it.
 */
export const cards = pgTable(
  "cards",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wordId: integer("word_id")
      .notNull()
      .references(() => words.id, { onDelete: "cascade" }),
    /** The word's topic, kept here so the send mix finds a subscription's reviews with one index probe. */
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    /** The subscription that first delivered the word; null once that subscription is deleted (the card stays). */
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: text("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true }),
    /** "I already know this word": never sent again, counted as known; the FSRS fields stay for an undo. */
    knownAt: timestamp("known_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // In the database it also holds (INCLUDE, migration 0029, which drizzle's schema cannot say) the card's fields
    // the poll reads (id, due, known_at, last_review), so a miss reads its cards from the index alone.
    uniqueIndex("cards_user_word_unique").on(table.userId, table.wordId),
    index("cards_user_due_idx")
      .on(table.userId, table.due)
      .where(sql`${table.knownAt} is null`),
    index("cards_user_topic_due_idx")
      .on(table.userId, table.topicId, table.due)
      .where(sql`${table.knownAt} is null`),
    check("cards_state_check", sql`${table.state} in ('new', 'learning', 'review', 'relearning')`),
  ],
);

/**
 * One grade of one card (FSRS's review log, plus where it came from). A grade given through a delivery (the
 * e-mail's links, the notification, push, SMS) names it, and a delivery takes one grade: a second tap on the same
 * link finds the first and records nothing.
 */
export const reviewLogs = pgTable(
  "review_logs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    /** The card's owner, so streaks and retention read one user's logs through one index. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grade: text("grade").notNull(),
    stateBefore: text("state_before").notNull(),
    stateAfter: text("state_after").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    dueBefore: timestamp("due_before", { withTimezone: true }).notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull(),
    channel: text("channel").notNull(),
    deliveryId: integer("delivery_id").references(() => deliveries.id, { onDelete: "set null" }),
  },
  (table) => [
    index("review_logs_user_reviewed_idx").on(table.userId, table.reviewedAt),
    index("review_logs_card_idx").on(table.cardId),
    uniqueIndex("review_logs_delivery_unique")
      .on(table.deliveryId)
      .where(sql`${table.deliveryId} is not null`),
    check("review_logs_grade_check", sql`${table.grade} in ('again', 'hard', 'good', 'easy')`),
    check(
      "review_logs_state_check",
      sql`${table.stateBefore} in ('new', 'learning', 'review', 'relearning') and ${table.stateAfter} in ('new', 'learning', 'review', 'relearning')`,
    ),
    check("review_logs_channel_check", sql`${table.channel} in (${sqlValueList(GRADE_CHANNELS)})`),
  ],
);

/**
 * FSRS weights fitted on all learners' logs pooled (decision 004): the default schedule of every learner without
 * weights of their own. One row per fit; the newest is in use.
 */
export const pooledFsrsParameters = pgTable(
  "pooled_fsrs_parameters",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    weights: doublePrecision("weights").array().notNull(),
    /** What the fit learned from. */
    reviews: integer("reviews").notNull(),
    learners: integer("learners").notNull(),
    fittedAt: timestamp("fitted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("pooled_fsrs_parameters_fitted_idx").on(table.fittedAt),
    check("pooled_fsrs_parameters_weights_check", sql`cardinality(${table.weights}) between 17 and 21`),
  ],
);

/**
 * What all learners' answers say about each word (decision 004, `WordRecallFit`): its first-ask recall and its recall
 * offset from FSRS's estimate, with the counts they rest on. Replaced whole by each weekly refit; a word without a
 * row is valued on FSRS's estimate alone.
 */
export const wordRecallEstimates = pgTable("word_recall_estimates", {
  wordId: integer("word_id")
    .primaryKey()
    .references(() => words.id, { onDelete: "cascade" }),
  firstAsks: integer("first_asks").notNull(),
  firstAskRecall: doublePrecision("first_ask_recall"),
  gradedReviews: integer("graded_reviews").notNull(),
  recallOffset: doublePrecision("recall_offset"),
  fittedAt: timestamp("fitted_at", { withTimezone: true }).notNull(),
});

import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const topics = pgTable("topics", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  description: text("description").notNull().default(""),
  icon: text("icon").notNull().default("📘"),
  /** Notification icon family: vocabulary, idioms, business, academic or slang. */
  category: text("category").notNull().default("vocabulary"),
  /** "library" rows come from the built-in content; "admin" rows were created in the admin console. */
  source: text("source").notNull().default("library"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const words = pgTable(
  "words",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
    definition: text("definition").notNull(),
    example: text("example"),
    pronunciation: text("pronunciation"),
    /** Delivery order within the topic: lower comes first (common and easier words first). */
    rank: integer("rank").notNull().default(1_000_000),
    /** 1 beginner, 2 intermediate, 3 advanced (WORD_LEVEL_NAMES): delivery takes the subscription's level first. */
    level: smallint("level").notNull().default(2),
    /** noun, verb, adjective, adverb, phrase, idiom, interjection or abbreviation; null when unknown. */
    partOfSpeech: text("part_of_speech"),
    /** A sentence or two on why a professional needs the word ("why it matters"). */
    note: text("note"),
    /** The word's etymology, short, where it helps (issue 27); null when none is given. */
    origin: text("origin"),
    /** For a quotation: where it is from ("Psalm 23:1") and whose translation it quotes. */
    reference: text("reference"),
    translation: text("translation"),
    /** "library" rows may be refreshed by library upgrades; "admin" rows (added or edited by an admin) never are. */
    source: text("source").notNull().default("library"),
    /** Soft delete: delivered words stay readable in history and favorites. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("words_topic_word_unique").on(table.topicId, sql`lower(${table.word})`),
    index("words_topic_rank_idx").on(table.topicId, table.rank),
    // Word choice walks one level of a topic in rank order, and finds the same text in other topics.
    index("words_topic_level_rank_idx").on(table.topicId, table.level, table.rank),
    index("words_lower_word_idx").on(sql`lower(${table.word})`),
    check("words_level_check", sql`${table.level} between 1 and 3`),
  ],
);

/**
 * The version (hash) of the built-in content library last applied to this database; one row. Start-up compares
 * it with content/library/manifest.json and skips all per-row work when they match.
 */
export const contentLibraryState = pgTable("content_library_state", {
  id: integer("id").primaryKey().default(1),
  version: text("version").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The library's version: one row, a new random value whenever a statement writes words or topics (a trigger, whoever
 * writes: the admin console, the library's upgrade, an operator's SQL). A process that keeps words' and topics' text
 * in memory (the poll's library fragments) reads it with the rows that use that text, and drops what it kept when it
 * differs. Random rather than a count, so a restored or emptied database never repeats a version with other words.
 */
export const libraryVersion = pgTable("library_version", {
  id: integer("id").primaryKey().default(1),
  version: uuid("version").notNull().defaultRandom(),
});

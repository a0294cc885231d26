import { and, asc, count, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { AdminCreateTopicRequest, AdminStatsRow, AdminWord, AdminWordRequest } from "@shared/api/admin";
import { adminCreateTopicRequestSchema, adminWordRequestSchema } from "@shared/api/admin";
import type { Topic } from "@shared/api/topics";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import { deliveries, favorites, topics, words } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { conflict, notFound } from "@server/platform/errors/app-error";
import { listTopics } from "../topics/service";
import { recordAdminChange } from "./audit";
import { mapUniqueViolation } from "./unique-violation";

/** Rows the admin console creates or edits carry this source, so library upgrades never overwrite them. */
export const ADMIN_SOURCE = "admin";

type WordRow = typeof words.$inferSelect;

export const toAdminWord = (row: WordRow): AdminWord => ({
  id: row.id,
  topicId: row.topicId,
  word: row.word,
  definition: row.definition,
  example: row.example,
  pronunciation: row.pronunciation,
  level: row.level,
  partOfSpeech: row.partOfSpeech,
  note: row.note,
  source: row.source === ADMIN_SOURCE ? "admin" : "library",
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const wordSnapshot = (row: WordRow) => ({
  topicId: row.topicId,
  word: row.word,
  definition: row.definition,
  example: row.example,
  pronunciation: row.pronunciation,
  level: row.level,
  partOfSpeech: row.partOfSpeech,
  note: row.note,
  source: row.source,
});

const wordExists = (word: string) => conflict(`“${word}” is already in this topic.`, "WORD_EXISTS");

// ---- Stats and topics -------------------------------------------------------------------------------------------

/** Live (not deleted) words per topic, every topic listed, in library order. */
export async function adminStats(ctx: AppContext): Promise<AdminStatsRow[]> {
  return ctx.db
    .select({
      topicId: topics.id,
      topicName: topics.name,
      displayName: topics.displayName,
      icon: topics.icon,
      count: count(words.id),
    })
    .from(topics)
    .leftJoin(words, and(eq(words.topicId, topics.id), isNull(words.deletedAt)))
    .groupBy(topics.id)
    .orderBy(topics.id);
}

export async function createTopicAsAdmin(
  ctx: AppContext,
  admin: UserRow,
  input: AdminCreateTopicRequest,
): Promise<Topic> {
  const topic = adminCreateTopicRequestSchema.parse(input);
  const taken = () => conflict(`A topic named “${topic.name}” already exists.`, "TOPIC_EXISTS");
  const now = ctx.clock.now();
  const id = await mapUniqueViolation(
    () =>
      ctx.db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.name, topic.name));
        if (existing) throw taken();
        const [created] = await tx
          .insert(topics)
          .values({ ...topic, source: ADMIN_SOURCE, createdAt: now })
          .returning();
        if (!created) throw new Error("topic insert returned nothing");
        await recordAdminChange(
          tx,
          admin,
          { action: "topic.create", entityType: "topic", entityId: created.id, after: topic },
          now,
        );
        return created.id;
      }),
    taken,
  );
  const created = (await listTopics(ctx)).find((row) => row.id === id);
  if (!created) throw notFound("Topic not found");
  return created;
}

export async function requireTopic(db: AppContext["db"] | Transaction, topicId: number): Promise<void> {
  const [topic] = await db.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId));
  if (!topic) throw notFound("Topic not found");
}

// ---- Words ------------------------------------------------------------------------------------------------------

/** The topic's live words, alphabetically (the console pages through them). */
export async function listWordsForAdmin(ctx: AppContext, topicId: number): Promise<AdminWord[]> {
  await requireTopic(ctx.db, topicId);
  const rows = await ctx.db
    .select()
    .from(words)
    .where(and(eq(words.topicId, topicId), isNull(words.deletedAt)))
    .orderBy(asc(sql`lower(${words.word})`), asc(words.id));
  return rows.map(toAdminWord);
}

/**
 * The topic's deleted row with this spelling (case-insensitive), if any; a live one is a conflict, since a topic
 * holds each word once.
 */
async function findDeletedSameWord(tx: Transaction, topicId: number, word: string, exceptId?: number) {
  const [row] = await tx
    .select()
    .from(words)
    .where(
      and(
        eq(words.topicId, topicId),
        sql`lower(${words.word}) = lower(${word})`,
        exceptId === undefined ? undefined : ne(words.id, exceptId),
      ),
    )
    .limit(1);
  if (row && !row.deletedAt) throw wordExists(word);
  return row;
}

/**
 * Adds a word to a topic. A word deleted from the topic earlier comes back as the same row (its users' history
 * and favorites point at it), with the new text.
 */
export async function createWordAsAdmin(
  ctx: AppContext,
  admin: UserRow,
  input: AdminWordRequest,
): Promise<AdminWord> {
  const { topicId, ...content } = adminWordRequestSchema.parse(input);
  const now = ctx.clock.now();
  return mapUniqueViolation(
    () =>
      ctx.db.transaction(async (tx) => {
        await requireTopic(tx, topicId);
        const same = await findDeletedSameWord(tx, topicId, content.word);
        const values = { ...content, source: ADMIN_SOURCE, deletedAt: null, updatedAt: now };
        const [row] = same
          ? await tx.update(words).set(values).where(eq(words.id, same.id)).returning()
          : await tx
              .insert(words)
              .values({ ...values, topicId, createdAt: now })
              .returning();
        if (!row) throw new Error("word write returned nothing");
        await recordAdminChange(
          tx,
          admin,
          {
            action: same ? "word.restore" : "word.create",
            entityType: "word",
            entityId: row.id,
            before: same ? wordSnapshot(same) : null,
            after: wordSnapshot(row),
          },
          now,
        );
        return toAdminWord(row);
      }),
    () => wordExists(content.word),
  );
}

/** Edits a live word (and may move it to another topic); it becomes admin-owned. */
export async function updateWordAsAdmin(
  ctx: AppContext,
  admin: UserRow,
  wordId: number,
  input: AdminWordRequest,
): Promise<AdminWord> {
  const { topicId, ...content } = adminWordRequestSchema.parse(input);
  const now = ctx.clock.now();
  return mapUniqueViolation(
    () =>
      ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(words)
          .where(and(eq(words.id, wordId), isNull(words.deletedAt)))
          .for("update");
        if (!current) throw notFound("Word not found");
        await requireTopic(tx, topicId);
        const same = await findDeletedSameWord(tx, topicId, content.word, wordId);
        // A deleted row still holding this spelling would block the rename: drop it if nobody ever received it.
        if (same) await dropUnreferencedDeletedWord(tx, same.id, content.word);
        const [row] = await tx
          .update(words)
          .set({ ...content, topicId, source: ADMIN_SOURCE, updatedAt: now })
          .where(eq(words.id, wordId))
          .returning();
        if (!row) throw notFound("Word not found");
        await recordAdminChange(
          tx,
          admin,
          {
            action: "word.update",
            entityType: "word",
            entityId: wordId,
            before: wordSnapshot(current),
            after: wordSnapshot(row),
          },
          now,
        );
        return toAdminWord(row);
      }),
    () => wordExists(content.word),
  );
}

async function dropUnreferencedDeletedWord(tx: Transaction, wordId: number, word: string): Promise<void> {
  const [delivered] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.wordId, wordId))
    .limit(1);
  const [saved] = delivered
    ? []
    : await tx
        .select({ wordId: favorites.wordId })
        .from(favorites)
        .where(eq(favorites.wordId, wordId))
        .limit(1);
  if (delivered || saved) {
    throw conflict(
      `“${word}” was deleted from this topic but is still in users' history. Add it again instead of renaming.`,
      "WORD_DELETED_IN_HISTORY",
    );
  }
  await tx.delete(words).where(and(eq(words.id, wordId), isNotNull(words.deletedAt)));
}

/**
 * Soft delete: the word leaves the topic (no more deliveries, not listed, not counted) but its row stays, so
 * users' history and favorites keep showing it.
 */
export async function deleteWordAsAdmin(
  ctx: AppContext,
  admin: UserRow,
  wordId: number,
): Promise<{ message: string; id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(words)
      .where(and(eq(words.id, wordId), isNull(words.deletedAt)))
      .for("update");
    if (!current) throw notFound("Word not found");
    await tx
      .update(words)
      .set({ deletedAt: now, source: ADMIN_SOURCE, updatedAt: now })
      .where(eq(words.id, wordId));
    await recordAdminChange(
      tx,
      admin,
      { action: "word.delete", entityType: "word", entityId: wordId, before: wordSnapshot(current) },
      now,
    );
    return { message: "Word deleted", id: wordId };
  });
}

import { and, eq, isNull, sql } from "drizzle-orm";
import {
  BULK_UPLOAD_MAX_ROWS,
  adminBulkRequestSchema,
  wordContentSchema,
  type AdminBulkRequest,
  type AdminBulkResponse,
  type BulkRowError,
  type WordContent,
} from "@shared/api/admin";
import type { AppContext } from "@server/context";
import { queryRows } from "@server/db/raw";
import { topics, words } from "@server/db/schema";
import { bare, columnsAndValues, setFromExcluded } from "@server/db/upsert";
import type { UserRow } from "@server/platform/auth/session";
import { badRequest } from "@server/platform/errors/app-error";
import { recordAdminChange } from "./audit";
import { ADMIN_SOURCE, requireTopic } from "./content";

// 11 parameters a row: well under PostgreSQL's 65,535 parameters per statement.
const INSERT_BATCH_ROWS = 2000;

interface SortedRows {
  valid: WordContent[];
  errors: BulkRowError[];
  /** Repeated within the upload (the first one counts). */
  repeated: string[];
}

/** Checks every row on its own: a bad row is reported with its index and never stops the others. */
export function sortBulkRows(rows: unknown[]): SortedRows {
  const valid: WordContent[] = [];
  const errors: BulkRowError[] = [];
  const repeated: string[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const rawWord =
      row && typeof row === "object" && typeof (row as { word?: unknown }).word === "string"
        ? (row as { word: string }).word
        : null;
    if (!row || typeof row !== "object" || Array.isArray(row)) {
      errors.push({ index, word: null, message: "Each entry must be an object with word and definition" });
      return;
    }
    const parsed = wordContentSchema.safeParse(row);
    if (!parsed.success) {
      errors.push({ index, word: rawWord, message: parsed.error.issues[0]?.message ?? "Invalid entry" });
      return;
    }
    const key = parsed.data.word.toLowerCase();
    if (seen.has(key)) {
      repeated.push(parsed.data.word);
      return;
    }
    seen.add(key);
    valid.push(parsed.data);
  });
  return { valid, errors, repeated };
}

/**
 * Adds many words to one topic: one object or an array; only word and definition required. Words already in the
 * topic (any case) and repeats within the upload are skipped and listed; invalid rows are reported by index; all
 * valid rows are inserted in one transaction. A word deleted from the topic earlier is restored with the new text.
 */
export async function bulkCreateWords(
  ctx: AppContext,
  admin: UserRow,
  input: AdminBulkRequest,
): Promise<AdminBulkResponse> {
  const { topicId, words: payload } = adminBulkRequestSchema.parse(input);
  if (typeof payload !== "object") {
    throw badRequest("words must be one word object or an array of them", "INVALID_UPLOAD");
  }
  const rows: unknown[] = Array.isArray(payload) ? payload : [payload];
  if (rows.length === 0) throw badRequest("The upload contains no words", "EMPTY_UPLOAD");
  if (rows.length > BULK_UPLOAD_MAX_ROWS) {
    throw badRequest(
      `At most ${BULK_UPLOAD_MAX_ROWS.toLocaleString("en-US")} words per upload; split the file.`,
      "UPLOAD_TOO_LARGE",
    );
  }
  const { valid, errors, repeated } = sortBulkRows(rows);
  const now = ctx.clock.now();

  return ctx.db.transaction(async (tx) => {
    await requireTopic(tx, topicId);
    // Serialises uploads into one topic, so two at once cannot both count a word as new.
    await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).for("update");
    const live = await tx
      .select({ key: sql<string>`lower(${words.word})` })
      .from(words)
      .where(and(eq(words.topicId, topicId), isNull(words.deletedAt)));
    const existing = new Set(live.map((row) => row.key));
    const fresh = valid.filter((row) => !existing.has(row.word.toLowerCase()));
    const alreadyThere = valid.filter((row) => existing.has(row.word.toLowerCase())).map((row) => row.word);

    const created: string[] = [];
    for (let start = 0; start < fresh.length; start += INSERT_BATCH_ROWS) {
      const values = columnsAndValues(
        {
          topicId: words.topicId,
          word: words.word,
          definition: words.definition,
          example: words.example,
          pronunciation: words.pronunciation,
          level: words.level,
          partOfSpeech: words.partOfSpeech,
          note: words.note,
          source: words.source,
          createdAt: words.createdAt,
          updatedAt: words.updatedAt,
        },
        fresh
          .slice(start, start + INSERT_BATCH_ROWS)
          .map((row) => ({ topicId, ...row, source: ADMIN_SOURCE, createdAt: now, updatedAt: now })),
      );
      const restored = [
        words.word,
        words.definition,
        words.example,
        words.pronunciation,
        words.level,
        words.partOfSpeech,
        words.note,
        words.source,
        words.updatedAt,
      ];
      // A conflict with a deleted row restores it; a conflict with a live one cannot happen under the lock.
      const inserted = await queryRows<{ word: (typeof words.$inferSelect)["word"] }>(
        tx,
        sql`insert into ${words} ${values}
            on conflict (${bare(words.topicId)}, lower(${bare(words.word)})) do update set
              ${setFromExcluded(restored)}, ${bare(words.deletedAt)} = null
            where ${words.deletedAt} is not null
            returning ${words.word} as word`,
      );
      created.push(...inserted.map((row) => row.word));
    }

    const skippedWords = [...alreadyThere, ...repeated];
    const result: AdminBulkResponse = {
      created: created.length,
      total: rows.length,
      errors,
      skipped: skippedWords.length,
      skippedWords,
    };
    await recordAdminChange(
      tx,
      admin,
      {
        action: "word.bulk_create",
        entityType: "topic",
        entityId: topicId,
        after: { created, skippedWords, errors: errors.length, total: rows.length },
      },
      now,
    );
    return result;
  });
}

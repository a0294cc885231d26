import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  BULK_UPLOAD_MAX_ROWS,
  adminBulkRequestSchema,
  wordContentSchema,
  type AdminBulkRequest,
  type AdminBulkResponse,
  type BulkRowError,
  type WordContent,
} from "../../../shared/api/admin";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/raw";
import { words } from "../../db/schema";
import type { UserRow } from "../../platform/auth/session";
import { badRequest } from "../../platform/errors/app-error";
import { recordAdminChange } from "./audit";
import { ADMIN_SOURCE, requireTopic } from "./content";

// 7 parameters a row: well under PostgreSQL's 65,535 parameters per statement.
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
    await tx.execute(sql`select id from topics where id = ${topicId} for update`);
    const live = await tx
      .select({ key: sql<string>`lower(${words.word})` })
      .from(words)
      .where(and(eq(words.topicId, topicId), isNull(words.deletedAt)));
    const existing = new Set(live.map((row) => row.key));
    const fresh = valid.filter((row) => !existing.has(row.word.toLowerCase()));
    const alreadyThere = valid.filter((row) => existing.has(row.word.toLowerCase())).map((row) => row.word);

    const created: string[] = [];
    for (let start = 0; start < fresh.length; start += INSERT_BATCH_ROWS) {
      const values: SQL[] = fresh
        .slice(start, start + INSERT_BATCH_ROWS)
        .map(
          (row) =>
            sql`(${topicId}, ${row.word}, ${row.definition}, ${row.example}, ${row.pronunciation}, ${row.level}, ${row.partOfSpeech}, ${row.note}, ${ADMIN_SOURCE}, ${now}::timestamptz, ${now}::timestamptz)`,
        );
      // A conflict with a deleted row restores it; a conflict with a live one cannot happen under the lock.
      const inserted = await queryRows<{ word: string }>(
        tx,
        sql`insert into words (topic_id, word, definition, example, pronunciation, level, part_of_speech, note,
                               source, created_at, updated_at)
            values ${sql.join(values, sql`, `)}
            on conflict (topic_id, lower(word)) do update set
              word = excluded.word, definition = excluded.definition, example = excluded.example,
              pronunciation = excluded.pronunciation, level = excluded.level,
              part_of_speech = excluded.part_of_speech, note = excluded.note, source = excluded.source, deleted_at = null,
              updated_at = excluded.created_at
            where words.deleted_at is not null
            returning word`,
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

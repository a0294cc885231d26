import { sql, type SQL } from "drizzle-orm";
import { MAX_ID, isInstantInWindow } from "../../../shared/api/common";
import type { HistoryEntry, HistoryQuery } from "../../../shared/api/history";
import type { DeliveryMethod } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { toWordContent, wordContentColumns, type WordContentRow } from "../../db/word-content";
import { queryRows } from "../../db/raw";
import { badRequest } from "../../platform/errors/app-error";
import { localDayRange } from "../notifications/service";

interface HistoryRow extends WordContentRow {
  id: number;
  sent_at: Date | null;
  created_at: Date;
  email_status: string | null;
  email_error: string | null;
  delivery_method: string;
  source: string;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Opaque cursor of the next (older) page; null on the last page. */
  nextCursor: string | null;
}

const encodeCursor = (createdAt: Date, id: number) =>
  Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString("base64url");

/** A cursor is client input: anything but one this server could have issued (an instant and a row id) is a 400. */
function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  if (Array.isArray(decoded) && decoded.length === 2 && typeof decoded[0] === "string") {
    const date = new Date(decoded[0]);
    const id: unknown = decoded[1];
    if (
      isInstantInWindow(date) &&
      typeof id === "number" &&
      Number.isInteger(id) &&
      id >= 1 &&
      id <= MAX_ID
    ) {
      return { createdAt: date, id };
    }
  }
  throw badRequest("Invalid cursor", "VALIDATION_ERROR");
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The user's deliveries, newest first, a page at a time (keyset pagination on the history index, so page 200 costs
 * what page 1 does). `date` keeps the entries created on that day of the user's zone; `q` searches word and definition.
 */
export async function listHistory(
  ctx: AppContext,
  user: { id: string; timeZone: string | null },
  query: HistoryQuery,
): Promise<HistoryPage> {
  const conditions: SQL[] = [sql`d.user_id = ${user.id}`];
  if (query.date) {
    const { start, end } = localDayRange(ctx.clock.now(), user.timeZone, query.date);
    conditions.push(sql`d.created_at >= ${start} and d.created_at < ${end}`);
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(w.word ilike ${pattern} or w.definition ilike ${pattern})`);
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(sql`(d.created_at, d.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::int)`);
  }
  const rows = await queryRows<HistoryRow>(
    ctx.db,
    sql`select d.id, d.sent_at, d.created_at, d.email_status, d.email_error, d.delivery_method, d.source,
               ${wordContentColumns}
        from deliveries d
        join words w on w.id = d.word_id
        join topics t on t.id = d.topic_id
        where ${sql.join(conditions, sql` and `)}
        order by d.created_at desc, d.id desc
        limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? encodeCursor(new Date(last.created_at), last.id) : null,
  };
}

function toEntry(row: HistoryRow): HistoryEntry {
  // In-app-only deliveries are sent when created; with e-mail the entry follows the e-mail's fate.
  const status = (row.email_status ?? "sent") as HistoryEntry["status"];
  return {
    id: row.id,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    status,
    deliveryMethod: row.delivery_method as DeliveryMethod,
    source: row.source === "demo" ? "demo" : "scheduled",
    error: status === "failed" ? row.email_error : null,
    content: toWordContent(row),
  };
}

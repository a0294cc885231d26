import { sql, type SQL } from "drizzle-orm";
import { MAX_ID, isInstantInWindow } from "../../../shared/api/common";
import { HISTORY_CHANNELS, type HistoryEntry, type HistoryQuery } from "../../../shared/api/history";
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
  /** The sends' combined state (null: none, an in-app-only delivery). */
  send_status: HistoryEntry["status"] | null;
  send_error: string | null;
  has_email: boolean;
  has_sms: boolean;
  has_push: boolean;
  in_app: boolean;
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
    sql`select d.id, d.sent_at, d.created_at, d.delivery_method, d.source,
               sends.status as send_status, sends.error as send_error,
               coalesce(sends.has_email, false) as has_email, coalesce(sends.has_sms, false) as has_sms,
               coalesce(sends.has_push, false) as has_push, d.in_app,
               ${wordContentColumns}
        from deliveries d
        join words w on w.id = d.word_id
        join topics t on t.id = d.topic_id
        left join lateral (
          -- A failure anywhere shows (with its text), else a send still under way, else every channel sent.
          select case when bool_or(ds.status = 'failed') then 'failed'
                      when bool_or(ds.status = 'pending') then 'pending'
                      else 'sent' end as status,
                 string_agg(ds.error, '; ' order by ds.channel) filter (where ds.status = 'failed') as error,
                 bool_or(ds.channel = 'email') as has_email,
                 bool_or(ds.channel = 'sms') as has_sms,
                 bool_or(ds.channel = 'push') as has_push
          from delivery_sends ds where ds.delivery_id = d.id
          having count(*) > 0) sends on true
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

/** The spec's methods: e-mail, SMS, or both of them; other deliveries report their subscription's method, as ever. */
function deliveryMethodOf(row: HistoryRow): HistoryEntry["deliveryMethod"] {
  if (row.has_sms) return row.has_email ? "both" : "sms";
  return row.delivery_method as DeliveryMethod;
}

function toEntry(row: HistoryRow): HistoryEntry {
  // In-app-only deliveries are sent when created; with sends the entry follows their fate.
  const status = row.send_status ?? "sent";
  return {
    id: row.id,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    status,
    deliveryMethod: deliveryMethodOf(row),
    channels: HISTORY_CHANNELS.filter(
      (channel) =>
        (channel === "email" && row.has_email) ||
        (channel === "sms" && row.has_sms) ||
        (channel === "push" && row.has_push) ||
        (channel === "in_app" && row.in_app),
    ),
    source: row.source === "demo" ? "demo" : "scheduled",
    error: status === "failed" ? row.send_error : null,
    content: toWordContent(row),
  };
}

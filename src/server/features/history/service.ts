import { and, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { MAX_ID, isInstantInWindow } from "@shared/api/common";
import {
  HISTORY_CHANNELS,
  type HistoryChannel,
  type HistoryEntry,
  type HistoryQuery,
} from "@shared/api/history";
import { channelDeclaration } from "@shared/channels";
import type { DeliveryMethod } from "@shared/constants";
import type { AppContext } from "@server/context";
import { newestFirstOnIndex } from "@server/db/raw";
import { deliveries, deliverySends, topics, words } from "@server/db/schema";
import { toWordContent, wordContentFields } from "@server/db/word-content";
import { badRequest } from "@server/platform/errors/app-error";
import { localDayRange } from "../notifications/service";

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
  const rows = await historyQuery(ctx, user, query);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** The read of one page of `listHistory` and one row more (whether a next page exists); its plan is tested. */
export function historyQuery(
  ctx: AppContext,
  user: { id: string; timeZone: string | null },
  query: HistoryQuery,
) {
  const conditions: (SQL | undefined)[] = [eq(deliveries.userId, user.id)];
  if (query.date) {
    const { start, end } = localDayRange(ctx.clock.now(), user.timeZone, query.date);
    conditions.push(gte(deliveries.createdAt, start), lt(deliveries.createdAt, end));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(words.word, pattern), ilike(words.definition, pattern)));
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(
      sql`(${deliveries.createdAt}, ${deliveries.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::int)`,
    );
  }
  return selectHistory(ctx, and(...conditions), query.limit + 1);
}

/** The sends of the delivery: their combined state (no row when there are none: an in-app-only delivery). */
function sendsOfDelivery(ctx: AppContext) {
  const failed = sql`${deliverySends.status} = 'failed'`;
  return ctx.db
    .select({
      // A failure anywhere shows (with its text), else a send still under way, else every channel sent.
      status: sql<HistoryEntry["status"]>`case when bool_or(${failed}) then 'failed'
        when bool_or(${deliverySends.status} = 'pending') then 'pending' else 'sent' end`.as("status"),
      error: sql<
        string | null
      >`string_agg(${deliverySends.error}, '; ' order by ${deliverySends.channel}) filter (where ${failed})`.as(
        "error",
      ),
      // Every send channel the word went by, whatever the registry holds: no channel is named here.
      channels: sql<string[]>`array_agg(distinct ${deliverySends.channel})`.as("channels"),
    })
    .from(deliverySends)
    .where(eq(deliverySends.deliveryId, deliveries.id))
    .having(sql`count(*) > 0`)
    .as("sends");
}

/** One page of deliveries, newest first, on the history index (user_id, created_at desc, id desc). */
function selectHistory(ctx: AppContext, where: SQL | undefined, limit: number) {
  const sends = sendsOfDelivery(ctx);
  return (
    ctx.db
      .select({
        id: deliveries.id,
        sentAt: deliveries.sentAt,
        createdAt: deliveries.createdAt,
        deliveryMethod: deliveries.deliveryMethod,
        source: deliveries.source,
        kind: deliveries.kind,
        inApp: deliveries.inApp,
        sendStatus: sends.status,
        sendError: sends.error,
        sendChannels: sends.channels,
        ...wordContentFields,
      })
      .from(deliveries)
      .innerJoin(words, eq(words.id, deliveries.wordId))
      .innerJoin(topics, eq(topics.id, deliveries.topicId))
      .leftJoinLateral(sends, sql`true`)
      .where(where)
      // As deliveries_history_idx holds them, so a page reads only its own rows.
      .orderBy(...newestFirstOnIndex(deliveries.createdAt, deliveries.id))
      .limit(limit)
  );
}

type HistoryRow = Awaited<ReturnType<typeof selectHistory>>[number];

/** The spec's methods: e-mail, SMS, or both of them; other deliveries report their subscription's method, as ever. */
function deliveryMethodOf(row: HistoryRow): HistoryEntry["deliveryMethod"] {
  const sent = row.sendChannels ?? [];
  if (sent.includes("sms")) return sent.includes("email") ? "both" : "sms";
  return row.deliveryMethod as DeliveryMethod;
}

/**
 * Every way the word went, in History's order: a send channel when a send went by it; the channel that sends
 * nothing (in-app) when the delivery is its notification, or when the word went by no channel at all and reached
 * the learner in the app only (Today's Learning): a send's words that its push notification had no room for, with
 * in-app notifications off, lose their push send when it goes out. No channel is named here.
 */
function channelsOf(row: HistoryRow): HistoryChannel[] {
  const sent = row.sendChannels ?? [];
  const inAppOnly = sent.length === 0 && row.sentAt !== null;
  return HISTORY_CHANNELS.filter((channel) =>
    channelDeclaration(channel).sends ? sent.includes(channel) : row.inApp || inAppOnly,
  );
}

function toEntry(row: HistoryRow): HistoryEntry {
  // In-app-only deliveries are sent when created; with sends the entry follows their fate.
  const status = row.sendStatus ?? "sent";
  return {
    id: row.id,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    status,
    deliveryMethod: deliveryMethodOf(row),
    channels: channelsOf(row),
    kind: row.kind,
    source: row.source === "demo" ? "demo" : "scheduled",
    error: status === "failed" ? row.sendError : null,
    content: toWordContent(row),
  };
}

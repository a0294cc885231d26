import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { and, desc, eq, exists, gt, gte, isNull, lt, or, sql, type AnyColumn } from "drizzle-orm";
import type { DeliveredItem } from "@shared/api/notifications";
import { LEARNING_GRADES, NOTIFICATION_DROPDOWN_ITEMS, type LearningGrade } from "@shared/constants";
import { comesBackIn } from "@shared/rules/learning/answers";
import type { UserDayClock } from "@shared/rules/learning/day-start";
import { ratingOfGrade } from "@shared/rules/learning/fsrs";
import type { AppContext } from "@server/context";
import type { Database } from "@server/db/client";
import { epochMillisecondsOf, epochSeconds, isoTextOfEpochMilliseconds } from "@server/db/epoch-instant";
import { newestFirstOnIndex, pgArray, preparedArrayRows } from "@server/db/raw";
import { gradePreviewOf, userDayClock, type CardRow } from "@server/db/learning-card";
import {
  cards,
  deliveries,
  favorites,
  libraryVersion,
  reviewLogs,
  sessions,
  subscriptions,
  topics,
  users,
  words,
} from "@server/db/schema";
import { toWordContent, wordContentFields } from "@server/db/word-content";
import { hashToken } from "@server/platform/auth/tokens";
import { notFound } from "@server/platform/errors/app-error";
import { libraryFragmentsOf, type FragmentLookup } from "./library-fragments";
import { invalidateRecentActivity } from "./recent-activity-sync";

/** Logout and account deletion drop a user's cached list the same way a change here does. */
export { invalidateRecentActivity };

/**
 * The notification dropdown of the session's user, as the JSON text the route sends (an array of
 * NotificationItem); null when the session is unknown or expired. Polled every 2 s by every open tab, so the session
 * check and the list are one query (the session's primary key, then the partial index deliveries_recent_idx for at
 * most 10 rows), and the misses that arrive together share it (see SharedReads). The query answers one row a session,
 * its items as one plain text of numbers (see RecentActivityRow): a row and a field cost the driver far more than
 * splitting a string here, and PostgreSQL writes numbers far cheaper than JSON or dates (on a miss, ten rows a
 * session were most of this process's CPU, and to_char a quarter of PostgreSQL's). Each item's JSON is written here
 * with a template, the word's and topic's spliced in as kept text, and `comesBack` told by the learner's days. The
 * grade buttons' preview is not in it (ten FSRS schedules were half of a miss's CPU, and made the body, so its ETag,
 * change with every read): the dropdown asks for it when it opens (GET /api/review/previews). Polling is not user
 * activity: unlike other routes it does not extend the session.
 */
export async function recentActivityForSession(
  ctx: AppContext,
  sessionToken: string,
): Promise<{ userId: string; body: Buffer } | null> {
  const now = ctx.clock.now();
  const { session, library } = await sharedReadsOf(ctx).sessionOf(hashToken(sessionToken));
  if (!session) return null;
  const { userId, timeZone, dayStartsAtHour, items } = session;
  const clock = userDayClock({ timeZone, dayStartsAtHour });
  const parts: (string | Buffer)[] = ["["];
  for (const [id, readAt, sentAt, comingBackAt, nextSendAt, wordId, topicId, kind, cardId, grade] of items) {
    const comesBack =
      comingBackAt === ""
        ? null
        : comesBackIn(instantOf(comingBackAt), now, clock, nextSendAt === "" ? null : instantOf(nextSendAt));
    // The keys in the order of NotificationItem, as JSON.stringify writes them; ids and grades are digits already.
    parts.push(
      `${parts.length === 1 ? "" : ","}{"id":${id},"readAt":${jsonInstant(readAt)},"sentAt":${jsonInstant(sentAt)},"content":`,
      library!.word(Number(wordId)),
      `,"topic":`,
      library!.topic(Number(topicId)),
      `,"kind":${JSON.stringify(kind)},"cardId":${cardId || "null"},"grade":${grade || "null"},"comesBackAt":${jsonInstant(comingBackAt)},"comesBack":${JSON.stringify(comesBack)}}`,
    );
  }
  parts.push("]");
  return { userId, body: bytesOf(parts) };
}

/**
 * The list's body in a buffer of its own (Buffer.from would put a small one in a shared 8 KiB slab, which a cached
 * entry would then keep alive whole): the words' and topics' JSON copied as the bytes kept, the rest written as
 * Latin-1, which for this text is its UTF-8. Everything written here is ASCII: digits, ISO instants, a delivery kind
 * and comesBackIn's English. Copying the kept bytes is cheaper than joining the text and encoding it again (the
 * words' definitions and pronunciations are not ASCII, so the joined text would be two bytes a character).
 */
function bytesOf(parts: (string | Buffer)[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const bytes = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (const part of parts)
    offset += typeof part === "string" ? bytes.write(part, offset, "latin1") : part.copy(bytes, offset);
  return bytes;
}

/**
 * A row of the poll's query, in the order of its columns: which of the read's sessions it is (1 for the first token
 * hash), the session's user and their day clock, the library version the read found (whose words' and topics' JSON
 * this process splices in from the library fragments), and the user's delivered words, newest first (null when
 * none): each as the fields of ItemFields separated by ITEM_FIELD_SEPARATOR, separated by ITEM_SEPARATOR.
 */
type RecentActivityRow = [
  session: number,
  userId: string,
  timeZone: string | null,
  dayStartsAtHour: number,
  libraryVersion: string,
  items: string | null,
];

/**
 * A delivered word as the query writes it, each field as its text (a null as nothing): the delivery's id, when it
 * was read and sent, when its word comes back (its card's due date, unless it is known) and its subscription's next
 * send (those four as seconds since the epoch, see epochSeconds), its word, topic and kind, its card and the card's
 * latest grade (its rating, 1-4).
 */
type ItemFields = [
  id: string,
  readAt: string,
  sentAt: string,
  comingBackAt: string,
  nextSendAt: string,
  wordId: string,
  topicId: string,
  kind: string,
  cardId: string,
  grade: string,
];
const ITEM_SEPARATOR = ";";
const ITEM_FIELD_SEPARATOR = ",";

const instantOf = (epochSeconds: string): Date => new Date(epochMillisecondsOf(Number(epochSeconds)));

const jsonInstant = (epochSeconds: string): string =>
  epochSeconds === "" ? "null" : `"${isoTextOfEpochMilliseconds(epochMillisecondsOf(Number(epochSeconds)))}"`;

/** A session as a shared read found it: its user, their day clock and delivered words, newest first. */
interface PolledSession {
  userId: string;
  timeZone: string | null;
  dayStartsAtHour: number;
  items: ItemFields[];
}

function polledSessionOf([, userId, timeZone, dayStartsAtHour, , items]: RecentActivityRow): PolledSession {
  return {
    userId,
    timeZone,
    dayStartsAtHour,
    items:
      items === null
        ? []
        : items.split(ITEM_SEPARATOR).map((item) => item.split(ITEM_FIELD_SEPARATOR) as ItemFields),
  };
}

/** A session of a shared read (none when it is unknown or expired), with its words' and topics' JSON. */
interface SharedReadAnswer {
  session: PolledSession | undefined;
  library: FragmentLookup | undefined;
}

/** The most sessions one shared read asks for. */
export const MAX_SESSIONS_PER_READ = 64;
/**
 * The most shared reads of one database under way at once. Misses that arrive meanwhile wait for one to finish and
 * then go together: under load the reads grow instead of multiplying, and they never take the whole pool.
 */
const MAX_READS_UNDER_WAY = 2;

type Waiter = { resolve(answer: SharedReadAnswer): void; reject(error: unknown): void };

/**
 * The poll's reads of one database. A miss does not query alone: it joins the misses of every other session that
 * arrived in the same turn of the event loop, or while MAX_READS_UNDER_WAY reads were under way, in one read of up to
 * MAX_SESSIONS_PER_READ sessions. Under load most of a miss's cost is the round trip to PostgreSQL (socket writes and
 * reads, waking its process, the pool), not the query: 64 tabs missing at once cost one round trip instead of 64.
 * Alone, a miss waits only for the end of the current turn (setImmediate).
 */
class SharedReads {
  /** Reads not started yet, by session token hash; the last one takes more sessions until it is full. */
  private readonly waiting: Map<string, Waiter[]>[] = [];
  private underWay = 0;
  private startScheduled = false;

  constructor(private readonly ctx: AppContext) {}

  sessionOf(tokenHash: string): Promise<SharedReadAnswer> {
    let open = this.waiting.at(-1);
    if (!open || open.size >= MAX_SESSIONS_PER_READ) {
      open = new Map();
      this.waiting.push(open);
    }
    const waiters = open;
    const answer = new Promise<SharedReadAnswer>((resolve, reject) => {
      const same = waiters.get(tokenHash);
      if (same) same.push({ resolve, reject });
      else waiters.set(tokenHash, [{ resolve, reject }]);
    });
    if (!this.startScheduled) {
      this.startScheduled = true;
      setImmediate(() => {
        this.startScheduled = false;
        this.startReads();
      });
    }
    return answer;
  }

  private startReads(): void {
    while (this.underWay < MAX_READS_UNDER_WAY && this.waiting.length > 0) {
      const waiters = this.waiting.shift()!;
      this.underWay += 1;
      void this.read(waiters).finally(() => {
        this.underWay -= 1;
        this.startReads();
      });
    }
  }

  private async read(waiters: Map<string, Waiter[]>): Promise<void> {
    try {
      const rows = (await recentActivityQueryOf(this.ctx)({
        tokenHashes: [...waiters.keys()],
        now: this.ctx.clock.now(),
      })) as RecentActivityRow[];
      // Each row names its session by its place among the read's token hashes (1 for the first).
      const sessions: (PolledSession | undefined)[] = [];
      for (const row of rows) sessions[row[0] - 1] = polledSessionOf(row);
      const library = rows[0] && (await libraryTextOf(this.ctx, rows[0][4], sessions));
      let place = 0;
      for (const sessionWaiters of waiters.values()) {
        for (const waiter of sessionWaiters) waiter.resolve({ session: sessions[place], library });
        place += 1;
      }
    } catch (error) {
      for (const sessionWaiters of waiters.values())
        for (const waiter of sessionWaiters) waiter.reject(error);
    }
  }
}

/**
 * The JSON of the rows' words and topics: the same for every learner, so the query leaves it out and this process
 * splices it in from what it keeps (LibraryFragments, read at once for what it does not have), checked against the
 * library version the query read.
 */
async function libraryTextOf(
  ctx: AppContext,
  libraryVersion: string,
  sessions: (PolledSession | undefined)[],
): Promise<FragmentLookup> {
  const wordIds: number[] = [];
  const topicIds: number[] = [];
  for (const session of sessions)
    for (const item of session?.items ?? []) {
      wordIds.push(Number(item[5]));
      topicIds.push(Number(item[6]));
    }
  return libraryFragmentsOf(ctx).lookup(libraryVersion, wordIds, topicIds);
}

const sharedReads = new WeakMap<AppContext, SharedReads>();
function sharedReadsOf(ctx: AppContext): SharedReads {
  let reads = sharedReads.get(ctx);
  if (!reads) {
    reads = new SharedReads(ctx);
    sharedReads.set(ctx, reads);
  }
  return reads;
}

/**
 * The poll's query, built once per database and prepared under a name: a cache miss then costs PostgreSQL the
 * execution only (measured on the bench's data: planning this eight-table join took 1.1-1.3 ms, executing it
 * 0.1 ms), and the server no SQL building. It reads any number of sessions (token hashes) at once, each its own
 * rows, each session's newest first. Run by the driver in array mode (preparedArrayRows): drizzle's mapping of its
 * rows into objects cost more than decoding them.
 */
const recentActivityQueries = new WeakMap<Database, ReturnType<typeof prepareRecentActivityQuery>>();
function recentActivityQueryOf(ctx: AppContext) {
  let query = recentActivityQueries.get(ctx.db);
  if (!query) {
    query = prepareRecentActivityQuery(ctx);
    recentActivityQueries.set(ctx.db, query);
  }
  return query;
}

function prepareRecentActivityQuery({ db, dbKind }: AppContext) {
  // In-app and not dismissed, newest first: the predicate and the order of the partial index deliveries_recent_idx.
  const recent = db
    .select({
      id: deliveries.id,
      readAt: deliveries.readAt,
      sentAt: deliveries.sentAt,
      userId: deliveries.userId,
      wordId: deliveries.wordId,
      topicId: deliveries.topicId,
      subscriptionId: deliveries.subscriptionId,
      kind: deliveries.kind,
    })
    .from(deliveries)
    .where(and(eq(deliveries.userId, sessions.userId), deliveries.inApp, isNull(deliveries.dismissedAt)))
    .orderBy(...newestFirstOnIndex(deliveries.sentAt, deliveries.id))
    .limit(NOTIFICATION_DROPDOWN_ITEMS)
    .as("d");
  // A session's delivered words as one text (see RecentActivityRow), in the order of ItemFields' fields.
  const itemFields = [
    recent.id,
    epochSeconds(recent.readAt),
    epochSeconds(recent.sentAt),
    epochSeconds(sql`case when ${cards.knownAt} is null then ${cards.due} end`),
    epochSeconds(subscriptions.nextDeliveryAt),
    recent.wordId,
    recent.topicId,
    recent.kind,
    cards.id,
    sql`array_position(${pgArray(LEARNING_GRADES)}::text[], ${latestGradeSince(db, recent)})`,
  ].map((field) => sql`coalesce((${field})::text, '')`);
  const items = db
    .select({
      items: sql`string_agg(${sql.join(itemFields, sql.raw(` || '${ITEM_FIELD_SEPARATOR}' || `))}, '${sql.raw(ITEM_SEPARATOR)}' order by ${sql.join(newestFirstOnIndex(recent.sentAt, recent.id), sql`, `)})`,
    })
    .from(recent)
    .leftJoin(cards, and(eq(cards.userId, recent.userId), eq(cards.wordId, recent.wordId)))
    .leftJoin(subscriptions, stillSending(recent.subscriptionId));
  // The asked sessions with their place in the list of token hashes, which the rows carry instead of the hash.
  const asked = sql`unnest(${sql.placeholder("tokenHashes")}::text[]) with ordinality as asked(token_hash, position)`;
  const query = db
    .select({
      session: sql<number>`asked.position::int`,
      userId: sessions.userId,
      timeZone: users.timeZone,
      dayStartsAtHour: users.dayStartsAtHour,
      // One row's lookup per read (an InitPlan): the version of the words' and topics' JSON this process splices in.
      libraryVersion: sql<string>`(select ${libraryVersion.version} from ${libraryVersion})`,
      items: sql<string | null>`(${items})`,
    })
    .from(asked)
    .innerJoin(
      sessions,
      and(sql`${sessions.tokenHash} = asked.token_hash`, gt(sessions.expiresAt, sql.placeholder("now"))),
    )
    .innerJoin(users, eq(users.id, sessions.userId));
  return preparedArrayRows(db, dbKind, "recent_activity_for_session", query);
}

/** The subscription a delivery came with, while it still sends: the send its word may come back with. */
const stillSending = (subscriptionId: AnyColumn) =>
  and(eq(subscriptions.id, subscriptionId), subscriptions.active, eq(subscriptions.status, "active"));

/**
 * The word's latest grade that answered the delivery or came after it was sent (a correlated subquery over
 * review_logs_card_idx), given anywhere: through this delivery, on /review, by e-mail. So an answer anywhere shows on
 * every delivery of the word (a /review grade also answers the word's latest open delivery: see recordGrade).
 * A card never graded has no review log, and says so itself: recordGrade, the only writer of review logs, writes the
 * card's last_review in the same transaction, and nothing sets it back to null. So the subquery runs only for cards
 * graded at least once (most delivered words in the bell are not: on the poll's miss its probe was 17% of
 * PostgreSQL's CPU).
 */
const latestGradeSince = (db: Database, delivery: { id: AnyColumn; sentAt: AnyColumn }) =>
  sql<string | null>`case when ${cards.lastReview} is not null then (${db
    .select({ grade: reviewLogs.grade })
    .from(reviewLogs)
    .where(
      and(
        eq(reviewLogs.cardId, cards.id),
        or(eq(reviewLogs.deliveryId, delivery.id), gte(reviewLogs.reviewedAt, delivery.sentAt)),
      ),
    )
    .orderBy(desc(reviewLogs.reviewedAt), desc(reviewLogs.id))
    .limit(1)}) end`;

/** What a delivered word's "comes back" is told from: the user's days and its subscription's next send. */
interface ComesBackContext {
  now: Date;
  clock: UserDayClock;
  nextSendAt: Date | null;
}

/** A delivered word's card fields of the API: its card, latest grade and when it comes back. */
function cardFieldsOf(
  card: Pick<CardRow, "id" | "due" | "knownAt"> | null,
  grade: string | null,
  { now, clock, nextSendAt }: ComesBackContext,
) {
  const comingBack = card && !card.knownAt ? card.due : null;
  return {
    cardId: card?.id ?? null,
    grade: grade === null ? null : ratingOfGrade(grade as LearningGrade),
    comesBackAt: comingBack?.toISOString() ?? null,
    comesBack: comingBack && comesBackIn(comingBack, now, clock, nextSendAt),
  };
}

async function updateOwnNotification(
  ctx: AppContext,
  userId: string,
  id: number,
  change: "read" | "dismiss",
) {
  const now = ctx.clock.now();
  // The first read or dismissal counts; repeating it changes nothing.
  const updated = await ctx.db
    .update(deliveries)
    .set(
      change === "read"
        ? { readAt: sql`coalesce(${deliveries.readAt}, ${now})` }
        : { dismissedAt: sql`coalesce(${deliveries.dismissedAt}, ${now})` },
    )
    .where(and(eq(deliveries.id, id), eq(deliveries.userId, userId), deliveries.inApp))
    .returning({ id: deliveries.id });
  if (updated.length === 0) throw notFound("Notification not found");
  await invalidateRecentActivity(ctx, [userId]);
}

export const markNotificationRead = (ctx: AppContext, userId: string, id: number) =>
  updateOwnNotification(ctx, userId, id, "read");

export const dismissNotification = (ctx: AppContext, userId: string, id: number) =>
  updateOwnNotification(ctx, userId, id, "dismiss");

/** 'Clear All': dismisses every in-app notification of the user. */
export async function dismissAllNotifications(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .update(deliveries)
    .set({ dismissedAt: ctx.clock.now() })
    .where(and(eq(deliveries.userId, userId), deliveries.inApp, isNull(deliveries.dismissedAt)));
  await invalidateRecentActivity(ctx, [userId]);
}

/** The instants where the user's local day containing `now` starts and ends. */
export function localDayRange(now: Date, timeZone: string | null, day?: string): { start: Date; end: Date } {
  const zone = timeZone ?? "UTC";
  const start = day
    ? new TZDate(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), zone)
    : startOfDay(new TZDate(now.getTime(), zone));
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

/** Every word that reached the user today (their zone), by any channel, newest first. */
export async function todayActivity(
  ctx: AppContext,
  user: { id: string; timeZone: string | null; dayStartsAtHour: number; fsrsWeights: number[] | null },
): Promise<DeliveredItem[]> {
  const { start, end } = localDayRange(ctx.clock.now(), user.timeZone);
  // sent_at trails created_at only by e-mail retries (minutes), so a one-day margin lets the index bound the scan.
  const rows = await ctx.db
    .select({
      id: deliveries.id,
      // Not null under the filter below.
      sentAt: sql`${deliveries.sentAt}`.mapWith(deliveries.sentAt),
      isFavorite: sql<boolean>`${exists(
        ctx.db
          .select({ one: sql`1` })
          .from(favorites)
          .where(and(eq(favorites.userId, deliveries.userId), eq(favorites.wordId, deliveries.wordId))),
      )}`,
      kind: deliveries.kind,
      card: cards,
      nextSendAt: subscriptions.nextDeliveryAt,
      grade: latestGradeSince(ctx.db, deliveries),
      ...wordContentFields,
    })
    .from(deliveries)
    .innerJoin(words, eq(words.id, deliveries.wordId))
    .innerJoin(topics, eq(topics.id, deliveries.topicId))
    .leftJoin(cards, and(eq(cards.userId, deliveries.userId), eq(cards.wordId, deliveries.wordId)))
    .leftJoin(subscriptions, stillSending(deliveries.subscriptionId))
    .where(
      and(
        eq(deliveries.userId, user.id),
        gte(deliveries.createdAt, new Date(start.getTime() - 24 * 3600_000)),
        lt(deliveries.createdAt, end),
        gte(deliveries.sentAt, start),
        lt(deliveries.sentAt, end),
      ),
    )
    .orderBy(desc(deliveries.sentAt), desc(deliveries.id));
  const now = ctx.clock.now();
  const clock = userDayClock(user);
  return rows.map((row) => {
    const content = toWordContent(row);
    return {
      id: row.id,
      contentId: row.word_id,
      sentAt: row.sentAt.toISOString(),
      isFavorite: row.isFavorite,
      topic: content.topic,
      content,
      kind: row.kind,
      ...cardFieldsOf(row.card, row.grade, { now, clock, nextSendAt: row.nextSendAt }),
      dueAfter: row.card ? gradePreviewOf(row.card, now, user.fsrsWeights, clock) : null,
    };
  });
}

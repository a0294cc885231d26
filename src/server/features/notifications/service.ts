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
import { isoInstant, jsonInstant, jsonInteger, jsonMembers } from "./json-text";
import { libraryFragmentsOf } from "./library-fragments";
import { invalidateRecentActivity } from "./recent-activity-sync";

/** Logout and account deletion drop a user's cached list the same way a change here does. */
export { invalidateRecentActivity };

/**
 * The notification dropdown of the session's user, as the JSON text the route sends (an array of
 * NotificationItem); null when the session is unknown or expired. Polled every 2 s by every open tab, so the session
 * check and the list are one query (the session's primary key, then the partial index deliveries_recent_idx for at
 * most 10 rows), and the misses that arrive together share it (see SharedReads). PostgreSQL writes each item's JSON
 * but for when its word comes back (`comesBack` is a rule of the learner's days, in JS), which is appended here: no
 * row mapping, no JSON.stringify but of those two values. The grade buttons' preview is not in it (ten FSRS schedules were half of a
 * miss's CPU, and made the body, so its ETag, change with every read): the dropdown asks for it when it opens
 * (GET /api/review/previews). Polling is not user activity: unlike other routes it does not extend the session.
 */
export async function recentActivityForSession(
  ctx: AppContext,
  sessionToken: string,
): Promise<{ userId: string; body: string } | null> {
  const now = ctx.clock.now();
  const rows = await sharedReadsOf(ctx).rowsOf(hashToken(sessionToken));
  const first = rows[0];
  if (!first) return null;
  const [, userId, timeZone, dayStartsAtHour] = first;
  const clock = userDayClock({ timeZone, dayStartsAtHour });
  const items: string[] = [];
  for (const [, , , , head, comingBackAt, nextSendAt] of rows) {
    // A session without notifications is one row with no delivery (no head).
    if (head === null) continue;
    const comesBack =
      comingBackAt === null
        ? null
        : comesBackIn(new Date(comingBackAt), now, clock, nextSendAt === null ? null : new Date(nextSendAt));
    // The head is the item's JSON object up to its grade, without its closing brace.
    items.push(
      `${head},"comesBackAt":${JSON.stringify(comingBackAt)},"comesBack":${JSON.stringify(comesBack)}}`,
    );
  }
  return { userId, body: `[${items.join(",")}]` };
}

/**
 * A session's row as a read answers it: which of the read's sessions it is (1 for the first token hash), the session's
 * user and their day clock, then one delivered word: its JSON up to its grade (null when the user has none), the
 * instant its word comes back (its card's due date, unless it is known) and its subscription's next send, both as
 * Date#toISOString writes them.
 */
type RecentActivityRow = [
  session: number,
  userId: string,
  timeZone: string | null,
  dayStartsAtHour: number,
  head: string | null,
  comingBackAt: string | null,
  nextSendAt: string | null,
];

/**
 * A row of the poll's query (in the order of its columns): a RecentActivityRow whose head is the item's JSON up to
 * its sent time only, then the library version the read found, the delivered word's and topic's ids (whose JSON the
 * read splices in from the library fragments) and the item's JSON after its topic, up to its grade.
 */
type RecentActivityQueryRow = [
  ...RecentActivityRow,
  libraryVersion: string,
  wordId: number | null,
  topicId: number | null,
  tail: string | null,
];

/** The most sessions one shared read asks for (at most ten rows each). */
export const MAX_SESSIONS_PER_READ = 64;
/**
 * The most shared reads of one database under way at once. Misses that arrive meanwhile wait for one to finish and
 * then go together: under load the reads grow instead of multiplying, and they never take the whole pool.
 */
const MAX_READS_UNDER_WAY = 2;

type Waiter = { resolve(rows: RecentActivityRow[]): void; reject(error: unknown): void };

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

  rowsOf(tokenHash: string): Promise<RecentActivityRow[]> {
    let open = this.waiting.at(-1);
    if (!open || open.size >= MAX_SESSIONS_PER_READ) {
      open = new Map();
      this.waiting.push(open);
    }
    const waiters = open;
    const rows = new Promise<RecentActivityRow[]>((resolve, reject) => {
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
    return rows;
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
      const rows = await withLibraryText(
        this.ctx,
        (await recentActivityQueryOf(this.ctx)({
          tokenHashes: [...waiters.keys()],
          now: this.ctx.clock.now(),
        })) as RecentActivityQueryRow[],
      );
      // Each row names its session by its place among the read's token hashes (1 for the first).
      const rowsBySession = [...waiters.values()].map(() => [] as RecentActivityRow[]);
      for (const row of rows) rowsBySession[row[0] - 1]!.push(row);
      let session = 0;
      for (const sessionWaiters of waiters.values()) {
        for (const waiter of sessionWaiters) waiter.resolve(rowsBySession[session]!);
        session += 1;
      }
    } catch (error) {
      for (const sessionWaiters of waiters.values())
        for (const waiter of sessionWaiters) waiter.reject(error);
    }
  }
}

/**
 * The rows with each item's word and topic in its head: the words' and topics' JSON is the same for every learner, so
 * the query leaves it out and this process splices it in from what it keeps (LibraryFragments, read at once for what
 * it does not have), checked against the library version the query read.
 */
async function withLibraryText(
  ctx: AppContext,
  rows: RecentActivityQueryRow[],
): Promise<RecentActivityRow[]> {
  const first = rows[0];
  if (!first) return [];
  const wordIds: number[] = [];
  const topicIds: number[] = [];
  for (const row of rows) {
    if (row[8] !== null) wordIds.push(row[8]);
    if (row[9] !== null) topicIds.push(row[9]);
  }
  const library = await libraryFragmentsOf(ctx).lookup(first[7], wordIds, topicIds);
  return rows.map(
    ([
      session,
      userId,
      timeZone,
      dayStartsAtHour,
      head,
      comingBackAt,
      nextSendAt,
      ,
      wordId,
      topicId,
      tail,
    ]) => [
      session,
      userId,
      timeZone,
      dayStartsAtHour,
      head === null
        ? null
        : `${head},"content":${library.word(wordId!)},"topic":${library.topic(topicId!)},${tail}`,
      comingBackAt,
      nextSendAt,
    ],
  );
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
  // The asked sessions with their place in the list of token hashes, which the rows carry instead of the hash.
  const asked = sql`unnest(${sql.placeholder("tokenHashes")}::text[]) with ordinality as asked(token_hash, position)`;
  const query = db
    .select({
      session: sql<number>`asked.position::int`,
      userId: sessions.userId,
      timeZone: users.timeZone,
      dayStartsAtHour: users.dayStartsAtHour,
      head: sql<string | null>`case when ${recent.id} is null then null else '{' || ${jsonMembers({
        id: jsonInteger(recent.id),
        readAt: jsonInstant(recent.readAt),
        sentAt: jsonInstant(recent.sentAt),
      })} end`,
      comingBackAt: isoInstant(sql`case when ${cards.knownAt} is null then ${cards.due} end`),
      nextSendAt: isoInstant(subscriptions.nextDeliveryAt),
      // One row's lookup per read (an InitPlan): the version of the words' and topics' JSON this process splices in.
      libraryVersion: sql<string>`(select ${libraryVersion.version} from ${libraryVersion})`,
      wordId: recent.wordId,
      topicId: recent.topicId,
      tail: sql<string | null>`case when ${recent.id} is null then null else ${jsonMembers({
        kind: recent.kind,
        cardId: jsonInteger(cards.id),
        grade: jsonInteger(
          sql`array_position(${pgArray(LEARNING_GRADES)}::text[], ${latestGradeSince(db, recent)})`,
        ),
      })} end`,
    })
    .from(asked)
    .innerJoin(
      sessions,
      and(sql`${sessions.tokenHash} = asked.token_hash`, gt(sessions.expiresAt, sql.placeholder("now"))),
    )
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(recent, sql`true`)
    .leftJoin(cards, and(eq(cards.userId, recent.userId), eq(cards.wordId, recent.wordId)))
    .leftJoin(subscriptions, stillSending(recent.subscriptionId))
    .orderBy(sql`asked.position`, ...newestFirstOnIndex(recent.sentAt, recent.id));
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

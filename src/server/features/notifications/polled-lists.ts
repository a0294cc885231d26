import { hash } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { LEARNING_GRADES, NOTIFICATION_DROPDOWN_ITEMS } from "@shared/constants";
import { comesBackIn } from "@shared/rules/learning/answers";
import type { Database, DatabaseKind } from "@server/db/client";
import { epochMillisecondsOf, epochSeconds, isoTextOfEpochMilliseconds } from "@server/db/epoch-instant";
import { userDayClock } from "@server/db/learning-card";
import { newestFirstOnIndex, pgArray, preparedArrayRows } from "@server/db/raw";
import { cards, deliveries, libraryVersion, sessions, subscriptions, users } from "@server/db/schema";
import { latestGradeSince, stillSending } from "./delivered-word-sql";
import { libraryFragmentsOf, type FragmentLookup } from "./library-fragments";

/** A session's polled notification list as its answers send it: its user, the body's bytes and their ETag. */
export interface PolledList {
  userId: string;
  body: Buffer;
  etag: string;
}

/** The database a polled list is read from, and where its body's bytes come from (the cache's reused ones). */
export interface PolledListSource {
  db: Database;
  dbKind: DatabaseKind;
  recentActivity?: { bodyBuffer(length: number): Buffer };
}

/**
 * The notification dropdowns of some sessions (by token hash), as the poll sends them: for each, its user, the JSON
 * body (an array of NotificationItem) and the body's ETag; undefined for a session unknown or expired at `now`.
 * Polled every 2 s by every open tab, so the session check and the list are one query (the session's primary key,
 * then the partial index deliveries_recent_idx for at most 10 rows), for all the sessions at once (see SharedReads).
 * The query answers one row a session, its items as one plain text of numbers (see RecentActivityRow): a row and a
 * field cost the driver far more than splitting a string here, and PostgreSQL writes numbers far cheaper than JSON or
 * dates (on a miss, ten rows a session were most of this process's CPU, and to_char a quarter of PostgreSQL's). Each
 * item's JSON is written here with a template, the word's and topic's spliced in as kept bytes, and `comesBack` told
 * by the learner's days. The grade buttons' preview is not in it (ten FSRS schedules were half of a miss's CPU, and
 * made the body, so its ETag, change with every read): the dropdown asks for it when it opens (GET
 * /api/review/previews). Polling is not user activity: unlike other routes it does not extend the session.
 */
export async function readPolledLists(
  source: PolledListSource,
  tokenHashes: readonly string[],
  now: Date,
): Promise<(PolledList | undefined)[]> {
  const rows = (await recentActivityQueryOf(source)({ tokenHashes, now })) as RecentActivityRow[];
  // Each row names its session by its place among the token hashes (1 for the first).
  const found: (PolledSession | undefined)[] = Array.from(tokenHashes, () => undefined);
  for (const row of rows) found[row[0] - 1] = polledSessionOf(row);
  if (!rows[0]) return found as undefined[];
  const libraryVersion = rows[0][4];
  const library = await libraryTextOf(source, libraryVersion, found);
  const bodyBuffer = (length: number) =>
    source.recentActivity?.bodyBuffer(length) ?? Buffer.allocUnsafeSlow(length);
  return found.map((session) => session && polledListOf(session, libraryVersion, library, now, bodyBuffer));
}

function polledListOf(
  { userId, timeZone, dayStartsAtHour, itemsText, items }: PolledSession,
  libraryVersion: string,
  library: FragmentLookup,
  now: Date,
  bodyBuffer: (length: number) => Buffer,
): PolledList {
  const clock = userDayClock({ timeZone, dayStartsAtHour });
  const parts: (string | Buffer)[] = ["["];
  // What the body is written from besides the library's version and the query's text: the only part told by `now`.
  let toldByNow = "";
  for (const [id, readAt, sentAt, comingBackAt, nextSendAt, wordId, topicId, kind, cardId, grade] of items) {
    const comesBack =
      comingBackAt === ""
        ? null
        : comesBackIn(instantOf(comingBackAt), now, clock, nextSendAt === "" ? null : instantOf(nextSendAt));
    toldByNow += `${comesBack ?? ""}${ITEM_SEPARATOR}`;
    // The keys in the order of NotificationItem, as JSON.stringify writes them; ids and grades are digits already.
    parts.push(
      `${parts.length === 1 ? "" : ","}{"id":${id},"readAt":${jsonInstant(readAt)},"sentAt":${jsonInstant(sentAt)},"content":`,
      library.word(Number(wordId)),
      `,"topic":`,
      library.topic(Number(topicId)),
      `,"kind":${JSON.stringify(kind)},"cardId":${cardId || "null"},"grade":${grade || "null"},"comesBackAt":${jsonInstant(comingBackAt)},"comesBack":${JSON.stringify(comesBack)}}`,
    );
  }
  parts.push("]");
  // The ETag hashes what the body is written from rather than the body: a tenth of its bytes (the words' JSON is the
  // library's, named by its version), the same answer (the same inputs write the same body). In one shot: a Hash
  // object for each miss cost a fifth more, and left work for the garbage collector.
  const etag = `"${hash("sha1", `${libraryVersion}\n${itemsText}\n${toldByNow}`, "base64url")}"`;
  return { userId, body: bytesOf(parts, bodyBuffer), etag };
}

/**
 * The list's body in a buffer of its own (`bodyBuffer`: the cache's reused bytes, see BodyPool; Buffer.from would put
 * a small one in a shared 8 KiB slab, which a cached entry would then keep alive whole): the words' and topics' JSON
 * copied as the bytes kept, the rest written as
 * Latin-1, which for this text is its UTF-8. Everything written here is ASCII: digits, ISO instants, a delivery kind
 * and comesBackIn's English. Copying the kept bytes is cheaper than joining the text and encoding it again (the
 * words' definitions and pronunciations are not ASCII, so the joined text would be two bytes a character).
 */
function bytesOf(parts: (string | Buffer)[], bodyBuffer: (length: number) => Buffer): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const bytes = bodyBuffer(length);
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
  /** The items as the query wrote them. */
  itemsText: string;
  items: ItemFields[];
}

function polledSessionOf([, userId, timeZone, dayStartsAtHour, , items]: RecentActivityRow): PolledSession {
  return {
    userId,
    timeZone,
    dayStartsAtHour,
    itemsText: items ?? "",
    items:
      items === null
        ? []
        : newestFirst(
            items.split(ITEM_SEPARATOR).map((item) => item.split(ITEM_FIELD_SEPARATOR) as ItemFields),
          ),
  };
}

/**
 * The items newest first, as the index deliveries_recent_idx reads them (sent, then id, descending; unsent last). The
 * query's aggregate keeps the order its joins read them in, which its plan does; an ORDER BY in the aggregate would
 * have PostgreSQL sort every session's ten rows again (a sort of its own each), so this only checks, and sorts when
 * a plan did not keep it.
 */
function newestFirst(items: ItemFields[]): ItemFields[] {
  for (let index = 1; index < items.length; index += 1)
    if (newerFirst(items[index - 1]!, items[index]!) > 0) return items.sort(newerFirst);
  return items;
}

function newerFirst([firstId, , firstSentAt]: ItemFields, [secondId, , secondSentAt]: ItemFields): number {
  const first = firstSentAt === "" ? -Infinity : Number(firstSentAt);
  const second = secondSentAt === "" ? -Infinity : Number(secondSentAt);
  return first === second ? Number(secondId) - Number(firstId) : first > second ? -1 : 1;
}

/**
 * The JSON of the rows' words and topics: the same for every learner, so the query leaves it out and this process
 * splices it in from what it keeps (LibraryFragments, read at once for what it does not have), checked against the
 * library version the query read.
 */
async function libraryTextOf(
  source: PolledListSource,
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
  return libraryFragmentsOf(source).lookup(libraryVersion, wordIds, topicIds);
}

/**
 * The poll's query, built once per database and prepared under a name: a cache miss then costs PostgreSQL the
 * execution only (measured on the bench's data: planning this eight-table join took 1.1-1.3 ms, executing it
 * 0.1 ms), and the server no SQL building. It reads any number of sessions (token hashes) at once, each its own
 * rows, each session's newest first. Run by the driver in array mode (preparedArrayRows): drizzle's mapping of its
 * rows into objects cost more than decoding them.
 */
const recentActivityQueries = new WeakMap<Database, ReturnType<typeof prepareRecentActivityQuery>>();
function recentActivityQueryOf(source: PolledListSource) {
  let query = recentActivityQueries.get(source.db);
  if (!query) {
    query = prepareRecentActivityQuery(source);
    recentActivityQueries.set(source.db, query);
  }
  return query;
}

function prepareRecentActivityQuery({ db, dbKind }: PolledListSource) {
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
      // In the order the joins read `recent` (see newestFirst).
      items: sql`string_agg(${sql.join(itemFields, sql.raw(` || '${ITEM_FIELD_SEPARATOR}' || `))}, '${sql.raw(ITEM_SEPARATOR)}')`,
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

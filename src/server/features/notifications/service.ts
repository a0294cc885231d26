import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { and, desc, eq, exists, gte, isNull, lt, sql } from "drizzle-orm";
import type { DeliveredItem } from "@shared/api/notifications";
import type { LearningGrade } from "@shared/constants";
import { comesBackIn } from "@shared/rules/learning/answers";
import type { UserDayClock } from "@shared/rules/learning/day-start";
import { ratingOfGrade } from "@shared/rules/learning/fsrs";
import type { AppContext } from "@server/context";
import { gradePreviewOf, userDayClock, type CardRow } from "@server/db/learning-card";
import { cards, deliveries, favorites, subscriptions, topics, words } from "@server/db/schema";
import { toWordContent, wordContentFields } from "@server/db/word-content";
import { hashToken } from "@server/platform/auth/tokens";
import { notFound } from "@server/platform/errors/app-error";
import { latestGradeSince, stillSending } from "./delivered-word-sql";
import type { PolledList } from "./polled-lists";
import { sharedReadsOf } from "./shared-reads";
import { invalidateRecentActivity } from "./recent-activity-sync";

/** Logout and account deletion drop a user's cached list the same way a change here does. */
export { invalidateRecentActivity };

/**
 * The notification dropdown of the session's user, as the poll sends it (see readPolledLists); null when the session
 * is unknown or expired. The misses that arrive together share one read (see SharedReads).
 */
export async function recentActivityForSession(
  ctx: AppContext,
  sessionToken: string,
): Promise<PolledList | null> {
  return (await sharedReadsOf(ctx).listOf(hashToken(sessionToken))) ?? null;
}

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

import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { sql } from "drizzle-orm";
import type { DeliveredItem, NotificationItem } from "../../../shared/api/notifications";
import { NOTIFICATION_DROPDOWN_ITEMS } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { toWordContent, wordContentColumns, type WordContentRow } from "../../db/word-content";
import { queryRows } from "../../db/raw";
import { hashToken } from "../../platform/auth/tokens";
import { notFound } from "../../platform/errors/app-error";
import { invalidateRecentActivity } from "./recent-activity-sync";

/** Logout and account deletion drop a user's cached list the same way a change here does. */
export { invalidateRecentActivity };

interface RecentRow {
  user_id: string;
  id: number | null;
  read_at: Date | null;
  sent_at: Date | null;
  word_id: number;
  word: string;
  definition: string;
  part_of_speech: string | null;
  note: string | null;
  topic_name: string;
  topic_display_name: string;
  category: string;
}

/**
 * The notification dropdown of the session's user: the newest in-app deliveries not dismissed; null when the session
 * is unknown or expired. Polled every 2 s by every open tab, so the session check and the list are one query (the
 * session's primary key, then the partial index deliveries_recent_idx for at most 10 rows). Polling is not user
 * activity: unlike other routes it does not extend the session.
 */
export async function recentActivityForSession(
  ctx: AppContext,
  sessionToken: string,
): Promise<{ userId: string; items: NotificationItem[] } | null> {
  const rows = await queryRows<RecentRow>(
    ctx.db,
    sql`select s.user_id, d.id, d.read_at, d.sent_at, w.id as word_id, w.word, w.definition,
               w.part_of_speech, w.note, t.name as topic_name, t.display_name as topic_display_name, t.category
        from sessions s
        left join lateral (
          select d.id, d.read_at, d.sent_at, d.word_id, d.topic_id from deliveries d
          where d.user_id = s.user_id and d.in_app and d.dismissed_at is null
          order by d.sent_at desc nulls last, d.id desc
          limit ${NOTIFICATION_DROPDOWN_ITEMS}) d on true
        left join words w on w.id = d.word_id
        left join topics t on t.id = d.topic_id
        where s.token_hash = ${hashToken(sessionToken)} and s.expires_at > ${ctx.clock.now()}
        order by d.sent_at desc nulls last, d.id desc`,
  );
  const first = rows[0];
  if (!first) return null;
  const items = rows.flatMap((row) =>
    row.id === null || row.sent_at === null
      ? []
      : [
          {
            id: row.id,
            readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
            sentAt: new Date(row.sent_at).toISOString(),
            content: {
              id: row.word_id,
              word: row.word,
              definition: row.definition,
              partOfSpeech: row.part_of_speech,
              note: row.note,
            },
            topic: { name: row.topic_name, displayName: row.topic_display_name, category: row.category },
          },
        ],
  );
  return { userId: first.user_id, items };
}

async function updateOwnNotification(
  ctx: AppContext,
  userId: string,
  id: number,
  change: "read" | "dismiss",
) {
  const now = ctx.clock.now();
  const column =
    change === "read"
      ? sql`read_at = coalesce(read_at, ${now})`
      : sql`dismissed_at = coalesce(dismissed_at, ${now})`;
  const updated = await queryRows<{ id: number }>(
    ctx.db,
    sql`update deliveries set ${column} where id = ${id} and user_id = ${userId} and in_app returning id`,
  );
  if (updated.length === 0) throw notFound("Notification not found");
  await invalidateRecentActivity(ctx, [userId]);
}

export const markNotificationRead = (ctx: AppContext, userId: string, id: number) =>
  updateOwnNotification(ctx, userId, id, "read");

export const dismissNotification = (ctx: AppContext, userId: string, id: number) =>
  updateOwnNotification(ctx, userId, id, "dismiss");

/** 'Clear All': dismisses every in-app notification of the user. */
export async function dismissAllNotifications(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.execute(
    sql`update deliveries set dismissed_at = ${ctx.clock.now()}
        where user_id = ${userId} and in_app and dismissed_at is null`,
  );
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

interface DeliveredRow extends WordContentRow {
  id: number;
  sent_at: Date;
  is_favorite: boolean;
}

/** Every word that reached the user today (their zone), by any channel, newest first. */
export async function todayActivity(
  ctx: AppContext,
  user: { id: string; timeZone: string | null },
): Promise<DeliveredItem[]> {
  const { start, end } = localDayRange(ctx.clock.now(), user.timeZone);
  // sent_at trails created_at only by e-mail retries (minutes), so a one-day margin lets the index bound the scan.
  const rows = await queryRows<DeliveredRow>(
    ctx.db,
    sql`select d.id, d.sent_at, ${wordContentColumns},
               exists (select 1 from favorites f where f.user_id = d.user_id and f.word_id = d.word_id) as is_favorite
        from deliveries d
        join words w on w.id = d.word_id
        join topics t on t.id = d.topic_id
        where d.user_id = ${user.id}
          and d.created_at >= ${new Date(start.getTime() - 24 * 3600_000)} and d.created_at < ${end}
          and d.sent_at >= ${start} and d.sent_at < ${end}
        order by d.sent_at desc, d.id desc`,
  );
  return rows.map((row) => {
    const content = toWordContent(row);
    return {
      id: row.id,
      contentId: row.word_id,
      sentAt: new Date(row.sent_at).toISOString(),
      isFavorite: row.is_favorite,
      topic: content.topic,
      content,
    };
  });
}

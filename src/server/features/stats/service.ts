import { TZDate } from "@date-fns/tz";
import { differenceInCalendarDays, startOfWeek } from "date-fns";
import { sql } from "drizzle-orm";
import type { Stats } from "../../../shared/api/stats";
import { WEEK_STARTS_ON } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/raw";
import { countActiveSubscriptions } from "../subscriptions/service";

/** The dashboard figures; their definitions are written down in docs/delivery.md. */
export async function statsFor(
  ctx: AppContext,
  user: { id: string; timeZone: string | null; createdAt: Date },
): Promise<Stats> {
  const zone = user.timeZone ?? "UTC";
  const today = new TZDate(ctx.clock.now().getTime(), zone);
  const weekStart = startOfWeek(today, { weekStartsOn: WEEK_STARTS_ON });
  const [row] = await queryRows<{
    words_learned: number;
    this_week: number;
    delivered: number;
    engaged: number;
  }>(
    ctx.db,
    sql`with engaged_words as (
          select word_id from deliveries
            where user_id = ${user.id} and (read_at is not null or opened_at is not null)
          union
          select word_id from favorites where user_id = ${user.id}
        ),
        delivered as (
          select d.sent_at, (d.read_at is not null or d.opened_at is not null
                             or exists (select 1 from favorites f where f.user_id = d.user_id and f.word_id = d.word_id))
                            as engaged
          from deliveries d where d.user_id = ${user.id} and d.sent_at is not null
        )
        select (select count(*) from engaged_words)::int as words_learned,
               (select count(*) from delivered where sent_at >= ${new Date(weekStart.getTime())})::int as this_week,
               (select count(*) from delivered)::int as delivered,
               (select count(*) from delivered where engaged)::int as engaged`,
  );
  const delivered = row?.delivered ?? 0;
  return {
    activeSubscriptions: await countActiveSubscriptions(ctx.db, user.id),
    wordsLearned: row?.words_learned ?? 0,
    thisWeek: row?.this_week ?? 0,
    completionRate: delivered === 0 ? 0 : Math.round((100 * (row?.engaged ?? 0)) / delivered),
    membershipDays: differenceInCalendarDays(today, new TZDate(user.createdAt.getTime(), zone)) + 1,
  };
}

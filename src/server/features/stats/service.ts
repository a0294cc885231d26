import { TZDate } from "@date-fns/tz";
import { differenceInCalendarDays, startOfWeek } from "date-fns";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Stats } from "@shared/api/stats";
import { WEEK_STARTS_ON } from "@shared/constants";
import type { AppContext } from "@server/context";
import { deliveries } from "@server/db/schema";
import { learningTiles } from "@server/features/learning/service";
import { countActiveSubscriptions } from "../subscriptions/service";

/**
 * The dashboard figures; their definitions are written down in docs/delivery.md. Words Learned and Completion Rate
 * are the learning loop's (decision 004), computed where Progress computes them, so the two never disagree.
 */
export async function statsFor(
  ctx: AppContext,
  user: { id: string; timeZone: string | null; createdAt: Date },
): Promise<Stats> {
  const zone = user.timeZone ?? "UTC";
  const today = new TZDate(ctx.clock.now().getTime(), zone);
  const weekStart = startOfWeek(today, { weekStartsOn: WEEK_STARTS_ON });
  // One row over the user's sent deliveries: the week's words and everything that ever reached the user.
  const [row] = await ctx.db
    .select({
      thisWeek:
        sql<number>`count(*) filter (where ${deliveries.sentAt} >= ${new Date(weekStart.getTime())})`.mapWith(
          Number,
        ),
      delivered: count(),
    })
    .from(deliveries)
    .where(and(eq(deliveries.userId, user.id), isNotNull(deliveries.sentAt)));
  const tiles = await learningTiles(ctx, user.id);
  return {
    activeSubscriptions: await countActiveSubscriptions(ctx.db, user.id),
    wordsLearned: tiles.wordsLearned,
    thisWeek: row?.thisWeek ?? 0,
    completionRate: tiles.completionRate,
    membershipDays: differenceInCalendarDays(today, new TZDate(user.createdAt.getTime(), zone)) + 1,
    wordsDelivered: row?.delivered ?? 0,
    reviewsMeasured: tiles.reviewsMeasured,
  };
}

import { TZDate } from "@date-fns/tz";
import { differenceInCalendarDays, startOfWeek } from "date-fns";
import { and, count, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Stats } from "../../../shared/api/stats";
import { WEEK_STARTS_ON } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { deliveries, favorites } from "../../db/schema";
import { countActiveSubscriptions } from "../subscriptions/service";

/** The dashboard figures; their definitions are written down in docs/delivery.md. */
export async function statsFor(
  ctx: AppContext,
  user: { id: string; timeZone: string | null; createdAt: Date },
): Promise<Stats> {
  const zone = user.timeZone ?? "UTC";
  const today = new TZDate(ctx.clock.now().getTime(), zone);
  const weekStart = startOfWeek(today, { weekStartsOn: WEEK_STARTS_ON });
  const engagedWords = union(
    ctx.db
      .select({ wordId: deliveries.wordId })
      .from(deliveries)
      .where(
        and(eq(deliveries.userId, user.id), or(isNotNull(deliveries.readAt), isNotNull(deliveries.openedAt))),
      ),
    ctx.db.select({ wordId: favorites.wordId }).from(favorites).where(eq(favorites.userId, user.id)),
  ).as("engaged_words");
  const savedWordIds = ctx.db
    .select({ wordId: favorites.wordId })
    .from(favorites)
    .where(eq(favorites.userId, user.id));
  const engaged = or(
    isNotNull(deliveries.readAt),
    isNotNull(deliveries.openedAt),
    inArray(deliveries.wordId, savedWordIds),
  );
  // One row over the user's sent deliveries; words learned (read, opened or saved, once each) rides along.
  const [row] = await ctx.db
    .select({
      wordsLearned: sql<number>`(select count(*) from ${engagedWords})`.mapWith(Number),
      thisWeek:
        sql<number>`count(*) filter (where ${deliveries.sentAt} >= ${new Date(weekStart.getTime())})`.mapWith(
          Number,
        ),
      delivered: count(),
      engaged: sql<number>`count(*) filter (where ${engaged})`.mapWith(Number),
    })
    .from(deliveries)
    .where(and(eq(deliveries.userId, user.id), isNotNull(deliveries.sentAt)));
  const delivered = row?.delivered ?? 0;
  return {
    activeSubscriptions: await countActiveSubscriptions(ctx.db, user.id),
    wordsLearned: row?.wordsLearned ?? 0,
    thisWeek: row?.thisWeek ?? 0,
    completionRate: delivered === 0 ? 0 : Math.round((100 * (row?.engaged ?? 0)) / delivered),
    membershipDays: differenceInCalendarDays(today, new TZDate(user.createdAt.getTime(), zone)) + 1,
  };
}

import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { endOfUserDay } from "@shared/rules/learning/day-start";
import { respreadBacklog } from "@shared/rules/learning/pause";
import { pgArray, type Transaction } from "@server/db/raw";
import { cards, words } from "@server/db/schema";
import { userDayClock } from "./cards";

export interface ResumingLearner {
  id: string;
  timeZone: string | null;
  dayStartsAtHour: number;
  dailyReviewCap: number;
}

/**
 * At the end of a pause (decision 004): the reviews due by the end of the resume day get new due dates, oldest first,
 * at most the daily cap per user day from that day on (`respreadBacklog`), so deliveries resume with no burst, the
 * forecast stays true and Completion Rate does not count the pause as missed reviews. Runs in the caller's
 * transaction; returns how many cards moved.
 */
export async function respreadReviewsAfterPause(
  tx: Transaction,
  learner: ResumingLearner,
  resumeAt: Date,
): Promise<number> {
  const clock = userDayClock(learner);
  const backlog = await tx
    .select({ id: cards.id, due: cards.due })
    .from(cards)
    .innerJoin(words, eq(words.id, cards.wordId))
    .where(
      and(
        eq(cards.userId, learner.id),
        isNull(cards.knownAt),
        ne(cards.state, "new"),
        lt(cards.due, endOfUserDay(resumeAt, clock)),
        isNull(words.deletedAt),
      ),
    );
  const moved = respreadBacklog(backlog, resumeAt, learner.dailyReviewCap, clock);
  if (moved.length === 0) return 0;
  await tx.execute(
    sql`update ${cards} set due = v.due
        from unnest(${pgArray(moved.map((card) => card.id))}::int[],
                    ${pgArray(moved.map((card) => card.due.toISOString()))}::timestamptz[]) as v(id, due)
        where ${cards.id} = v.id`,
  );
  return moved.length;
}

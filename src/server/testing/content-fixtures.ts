import { eq, sql } from "drizzle-orm";
import { cards, topics, words } from "../db/schema";
import type { AppContext } from "../context";

export interface FixtureTopic {
  id: number;
  name: string;
  /** Word ids in delivery order (rank). */
  wordIds: number[];
}

/**
 * A small topic with `wordCount` words ranked 1..n (word "<name>-1" first), inserted directly: tests of delivery
 * do not depend on the built-in library.
 */
export async function insertTopic(
  ctx: Pick<AppContext, "db">,
  name: string,
  wordCount: number,
  category = "vocabulary",
): Promise<FixtureTopic> {
  const [topic] = await ctx.db
    .insert(topics)
    .values({
      name,
      displayName: `${name[0]?.toUpperCase()}${name.slice(1)}`,
      description: `About ${name}`,
      category,
    })
    .returning({ id: topics.id });
  const inserted =
    wordCount === 0
      ? []
      : await ctx.db
          .insert(words)
          .values(
            Array.from({ length: wordCount }, (_, index) => ({
              topicId: topic!.id,
              word: `${name}-${index + 1}`,
              definition: `Definition ${index + 1} of ${name}`,
              example: `An example using ${name}-${index + 1}.`,
              pronunciation: `/${name}-${index + 1}/`,
              // Inserted in reverse rank order, so a test notices if delivery followed ids instead of rank.
              rank: index + 1,
            })).reverse(),
          )
          .returning({ id: words.id, rank: words.rank });
  return { id: topic!.id, name, wordIds: inserted.sort((a, b) => a.rank - b.rank).map((row) => row.id) };
}

/**
 * Moves every card of the user 30 days on, as if each word had just been answered and well held: the next slots bring
 * new words instead of reviews, for tests that check API shapes slot by slot (the send mix has its own tests in
 * delivery/). An answered card's stability grows too, so FSRS's recall stays above REVIEW_CANDIDATE_RECALL all that
 * time and it does not ride along as nearly due either (a card only introduced is found by its due date alone).
 */
export async function postponeCardsOf(ctx: Pick<AppContext, "db">, userId: string): Promise<void> {
  await ctx.db
    .update(cards)
    .set({
      due: sql`${cards.due} + interval '30 days'`,
      stability: sql`case when ${cards.state} = 'new' then ${cards.stability} else greatest(${cards.stability}, 500) end`,
    })
    .where(eq(cards.userId, userId));
}

import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TopicSample } from "@shared/api/topics";
import { levelName } from "@shared/rules/levels";
import type { AppContext } from "@server/context";
import { topics, words } from "@server/db/schema";

/** The six professional domains the /topics page samples, in the order it shows them. */
export const SAMPLE_TOPIC_NAMES = [
  "finance",
  "business",
  "technology",
  "medical",
  "legal",
  "academic",
] as const;

/**
 * Three real words per topic, one from each library level (the level a subscription asks for, so a badge names the
 * level the word is delivered at). From each level's live words, in delivery order (common words first), the word
 * nearest the middle is taken, preferring words with a pronunciation and a short definition, so a card reads well.
 * `topicNames` narrows it to those topics.
 */
async function sampleRows(ctx: AppContext, topicNames?: readonly string[]) {
  const inLevelDeliveryOrder = sql`partition by ${topics.id}, ${words.level} order by ${words.rank}, ${words.id}`;
  const ranked = ctx.db.$with("ranked").as(
    ctx.db
      .select({
        topicId: sql<number>`${topics.id}`.as("sample_topic_id"),
        name: topics.name,
        displayName: topics.displayName,
        description: topics.description,
        icon: topics.icon,
        word: words.word,
        definition: words.definition,
        pronunciation: words.pronunciation,
        level: sql<number>`${words.level}`.as("level"),
        position: sql<number>`row_number() over (${inLevelDeliveryOrder})`.as("position"),
        levelCount: sql<number>`count(*) over (partition by ${topics.id}, ${words.level})`.as("level_count"),
        wordCount: sql<number>`count(*) over (partition by ${topics.id})`.as("word_count"),
      })
      .from(topics)
      .innerJoin(words, and(eq(words.topicId, topics.id), isNull(words.deletedAt)))
      .where(topicNames ? inArray(topics.name, [...topicNames]) : undefined),
  );
  const rows = await ctx.db
    .with(ranked)
    .selectDistinctOn([ranked.topicId, ranked.level], {
      topicId: sql<number>`${ranked.topicId}`.mapWith(Number),
      name: ranked.name,
      displayName: ranked.displayName,
      description: ranked.description,
      icon: ranked.icon,
      // count(*) is a bigint, which the drivers hand over as text.
      wordCount: sql<number>`${ranked.wordCount}`.mapWith(Number),
      word: ranked.word,
      definition: ranked.definition,
      pronunciation: ranked.pronunciation,
      level: sql<number>`${ranked.level}`.mapWith(Number),
    })
    .from(ranked)
    .orderBy(
      ranked.topicId,
      ranked.level,
      sql`(${ranked.pronunciation} is null)`,
      sql`(length(${ranked.definition}) > 110)`,
      sql`abs(${ranked.position} - ${ranked.levelCount} / 2.0)`,
      // Two words equally near the middle: the earlier one, whichever topics are asked for.
      ranked.position,
    );
  return rows.sort((a, b) => a.topicId - b.topicId || a.level - b.level);
}

/** Three sample words of every topic (issue 29: Discover's cards), by topic id, Beginner first. */
export async function sampleWordsByTopicId(ctx: AppContext): Promise<Map<number, string[]>> {
  const byTopic = new Map<number, string[]>();
  for (const row of await sampleRows(ctx)) {
    byTopic.set(row.topicId, [...(byTopic.get(row.topicId) ?? []), row.word]);
  }
  return byTopic;
}

/** The /topics page's sampled domains, in page order, each with its three words and their levels. */
export async function listTopicSamples(ctx: AppContext): Promise<TopicSample[]> {
  const rows = await sampleRows(ctx, SAMPLE_TOPIC_NAMES);
  return SAMPLE_TOPIC_NAMES.flatMap((name) => {
    const topicRows = rows.filter((row) => row.name === name);
    const first = topicRows[0];
    if (!first) return [];
    return [
      {
        name,
        displayName: first.displayName,
        description: first.description,
        icon: first.icon,
        wordCount: first.wordCount,
        words: topicRows.map((row) => ({
          word: row.word,
          definition: row.definition,
          pronunciation: row.pronunciation,
          level: levelName(row.level),
        })),
      },
    ];
  });
}

import { sql } from "drizzle-orm";
import { WORD_LEVELS, type TopicSample, type WordLevel } from "../../../shared/api/topics";
import type { AppContext } from "../../context";
import { pgArray, queryRows } from "../../db/raw";

/** The six professional domains the /topics page samples, in the order it shows them. */
export const SAMPLE_TOPIC_NAMES = [
  "finance",
  "business",
  "technology",
  "medical",
  "legal",
  "academic",
] as const;

interface SampleRow {
  name: string;
  display_name: string;
  description: string;
  icon: string;
  word_count: number;
  word: string;
  definition: string;
  pronunciation: string | null;
  tier: number;
}

/**
 * Three real words per sampled topic, one per level. A topic's live words, in delivery order (common words
 * first), are cut into thirds: Beginner, Intermediate, Advanced. From each third the word nearest its middle
 * is shown, preferring words with a pronunciation and a short definition, so a card reads well.
 */
export async function listTopicSamples(ctx: AppContext): Promise<TopicSample[]> {
  const names = [...SAMPLE_TOPIC_NAMES];
  const rows = await queryRows<SampleRow>(
    ctx.db,
    sql`
      with ranked as (
        select t.name, t.display_name, t.description, t.icon,
               w.word, w.definition, w.pronunciation,
               ntile(3) over (partition by t.id order by w.rank, w.id) as tier,
               row_number() over (partition by t.id order by w.rank, w.id) as position,
               count(*) over (partition by t.id) as word_count
        from topics t
        join words w on w.topic_id = t.id and w.deleted_at is null
        where t.name = any(${pgArray(names)}::text[])
      )
      select distinct on (name, tier) name, display_name, description, icon,
             word_count::int as word_count, word, definition, pronunciation, tier
      from ranked
      order by name, tier,
               (pronunciation is null), (length(definition) > 110),
               abs(position - (tier - 0.5) * word_count / 3.0)
    `,
  );

  return names.flatMap((name) => {
    const topicRows = rows.filter((row) => row.name === name).sort((a, b) => a.tier - b.tier);
    const first = topicRows[0];
    if (!first) return [];
    return [
      {
        name,
        displayName: first.display_name,
        description: first.description,
        icon: first.icon,
        wordCount: Number(first.word_count),
        words: topicRows.map((row) => ({
          word: row.word,
          definition: row.definition,
          pronunciation: row.pronunciation,
          level: levelOfTier(Number(row.tier)),
        })),
      },
    ];
  });
}

function levelOfTier(tier: number): WordLevel {
  return WORD_LEVELS[Math.min(Math.max(tier, 1), WORD_LEVELS.length) - 1]!;
}

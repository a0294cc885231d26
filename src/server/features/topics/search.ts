import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { WordSearchResult } from "@shared/api/search";
import type { AppContext } from "@server/context";
import { topics, words } from "@server/db/schema";

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The least text above every text that starts with `prefix` ("arb" → "arc"): the end of a prefix range. */
function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

const resultFields = {
  wordId: words.id,
  word: words.word,
  definition: words.definition,
  topicId: topics.id,
  topicName: topics.name,
  topicDisplayName: topics.displayName,
  topicIcon: topics.icon,
};

/**
 * Live library words for Discover's search, best first: the word itself (exact, then starting with the query), then
 * words whose definition holds it. The word half is a range over `lower(word)`, which the `words_lower_word_idx`
 * expression index serves (`starts_with` keeps it exact in any collation); the definition half scans the live
 * library (about 8,000 rows, a few milliseconds) and runs only when the word half leaves room under `limit`.
 */
export async function searchWords(
  ctx: AppContext,
  query: string,
  limit: number,
): Promise<WordSearchResult[]> {
  const needle = query.toLowerCase();
  const lowerWord = sql`lower(${words.word})`;
  const byWord = await ctx.db
    .select(resultFields)
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(
      and(
        isNull(words.deletedAt),
        sql`${lowerWord} >= ${needle}`,
        sql`${lowerWord} < ${prefixUpperBound(needle)}`,
        sql`starts_with(${lowerWord}, ${needle})`,
      ),
    )
    .orderBy(sql`(${lowerWord} = ${needle}) desc`, asc(words.rank), asc(words.id))
    .limit(limit);
  const room = limit - byWord.length;
  const byDefinition =
    room > 0
      ? await ctx.db
          .select(resultFields)
          .from(words)
          .innerJoin(topics, eq(topics.id, words.topicId))
          .where(
            and(
              isNull(words.deletedAt),
              sql`lower(${words.definition}) like ${`%${escapeLike(needle)}%`}`,
              sql`not starts_with(${lowerWord}, ${needle})`,
            ),
          )
          .orderBy(asc(words.rank), asc(words.id))
          .limit(room)
      : [];
  return [
    ...byWord.map((row) => toResult(row, "word")),
    ...byDefinition.map((row) => toResult(row, "definition")),
  ];
}

function toResult(
  row: { wordId: number; word: string; definition: string } & Record<
    "topicName" | "topicDisplayName" | "topicIcon",
    string
  > & { topicId: number },
  matchedOn: WordSearchResult["matchedOn"],
): WordSearchResult {
  return {
    wordId: row.wordId,
    word: row.word,
    definition: row.definition,
    matchedOn,
    topic: { id: row.topicId, name: row.topicName, displayName: row.topicDisplayName, icon: row.topicIcon },
  };
}

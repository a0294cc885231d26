import { sql, type SQL } from "drizzle-orm";
import { LEVEL_SEARCH_OFFSETS } from "@shared/rules/levels";

/**
 * Whether this user already received the text of word `w` from any topic (case-insensitive): an item listed by
 * Finance and Business reaches someone subscribed to both once. Probes words_lower_word_idx for the few rows with
 * the same text, then deliveries_user_topic_word_idx for each, so it costs a handful of index lookups per candidate.
 */
const receivedTextSql = (userId: SQL, columns: SQL) => sql`(
  select ${columns} from words same
  join deliveries seen on seen.user_id = ${userId} and seen.topic_id = same.topic_id and seen.word_id = same.id
  where lower(same.word) = lower(w.word))`;

/**
 * The new word a user gets next from a topic, or null when none is left. The items this user has never received (by
 * text, from any topic): the subscription's level, then the next one up, then the remaining levels nearest first
 * (levelOrder in shared/rules/levels.ts), each in library order (rank). Each level is its own LIMIT 1 probe of
 * words_topic_level_rank_idx, and coalesce stops at the first that finds one. A topic whose items have all been
 * received gives nothing new: its words come back only as reviews, when FSRS says they are due (decision 004), so
 * a word that is not due, or is known, is never re-sent.
 */
export const nextWordIdSql = (userId: SQL, topicId: SQL, level: SQL): SQL => {
  const unseenAtLevel = (offset: number) => sql`(select w.id from words w
    where w.topic_id = ${topicId} and w.level = ${level} + ${sql.raw(String(offset))} and w.deleted_at is null
      and not exists ${receivedTextSql(userId, sql`1`)}
    order by w.rank, w.id
    limit 1)`;
  return sql`coalesce(${sql.join(LEVEL_SEARCH_OFFSETS.map(unseenAtLevel), sql`, `)})`;
};

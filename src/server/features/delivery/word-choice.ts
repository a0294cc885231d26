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
 * The word a user gets next from a topic. First the items this user has never received (by text, from any topic):
 * the subscription's level, then the next one up, then the remaining levels nearest first (levelOrder in
 * shared/rules/levels.ts), each in library order (rank). Each level is its own LIMIT 1 probe of
 * words_topic_level_rank_idx, and coalesce stops at the first that finds one, so a fresh level costs what the
 * single rank-ordered scan cost before. Once everything is received, the item whose text they received longest ago.
 */
export const nextWordIdSql = (userId: SQL, topicId: SQL, level: SQL): SQL => {
  const unseenAtLevel = (offset: number) => sql`(select w.id from words w
    where w.topic_id = ${topicId} and w.level = ${level} + ${sql.raw(String(offset))} and w.deleted_at is null
      and not exists ${receivedTextSql(userId, sql`1`)}
    order by w.rank, w.id
    limit 1)`;
  // Driven by the user's deliveries (not by the topic's words) so that its estimated cost stays small: a costly
  // estimate across a batch tips PostgreSQL into JIT-compiling every dispatch statement.
  const leastRecentlyReceived = sql`(select w.id from deliveries seen
    join words same on same.id = seen.word_id
    join words w on lower(w.word) = lower(same.word) and w.topic_id = ${topicId} and w.deleted_at is null
    where seen.user_id = ${userId}
    group by w.id
    order by max(seen.created_at), min(w.rank), w.id
    limit 1)`;
  return sql`coalesce(${sql.join(
    [...LEVEL_SEARCH_OFFSETS.map(unseenAtLevel), leastRecentlyReceived],
    sql`, `,
  )})`;
};

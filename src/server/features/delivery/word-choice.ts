import { sql, type SQL } from "drizzle-orm";

/**
 * The word a user gets next from a topic: the first item of the library's order (rank: easier and more common
 * first) this user has never received; once the topic is exhausted, the item they received longest ago.
 * Only that user's and that topic's deliveries are read, so two subscriptions never interfere.
 */
export const nextWordIdSql = (userId: SQL, topicId: SQL): SQL => sql`coalesce(
  (select w.id from words w
    where w.topic_id = ${topicId} and w.deleted_at is null
      and not exists (
        select 1 from deliveries seen
        where seen.user_id = ${userId} and seen.topic_id = ${topicId} and seen.word_id = w.id)
    order by w.rank, w.id
    limit 1),
  (select seen.word_id from deliveries seen
    join words w on w.id = seen.word_id and w.deleted_at is null
    where seen.user_id = ${userId} and seen.topic_id = ${topicId}
    group by seen.word_id
    order by max(seen.created_at), min(w.rank), seen.word_id
    limit 1))`;

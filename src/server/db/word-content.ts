import { sql } from "drizzle-orm";

/**
 * The columns of "a word with its topic", as every read that shows delivered words selects them
 * (`words w` joined to `topics t`), and the one mapping to the API's `content` shape.
 */
export const wordContentColumns = sql.raw(
  "w.id as word_id, w.word, w.pronunciation, w.definition, w.example, " +
    "t.name as topic_name, t.display_name as topic_display_name, t.category",
);

export interface WordContentRow {
  word_id: number;
  word: string;
  pronunciation: string | null;
  definition: string;
  example: string | null;
  topic_name: string;
  topic_display_name: string;
  category: string;
}

export function toWordContent(row: WordContentRow) {
  return {
    id: row.word_id,
    word: row.word,
    pronunciation: row.pronunciation,
    definition: row.definition,
    example: row.example,
    topic: { name: row.topic_name, displayName: row.topic_display_name, category: row.category },
  };
}

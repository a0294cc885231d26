/** A word the learner has met, as a multiple-choice question can borrow its definition. */
export interface KnownWord {
  word: string;
  definition: string;
  /** The topic's name (its slug), to keep the choices in one topic. */
  topic: string;
}

/** Three definitions: the right one and two others. */
export const CHOICE_COUNT = 3;
/**
 * Two definitions sharing more than this share of their content words (Jaccard) are too close to tell apart:
 * a near-synonym would make a fair pick look wrong.
 */
const MAX_DEFINITION_OVERLAP = 0.4;

const STOP_WORDS = new Set(
  "a an and are as at be by for from in into is it its of on or that the this to was which with who".split(
    " ",
  ),
);

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

function contentWords(text: string): Set<string> {
  return new Set(
    normalise(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
  );
}

/** Shared content words over all of them (0 when either has none). */
export function definitionOverlap(first: string, second: string): number {
  const a = contentWords(first);
  const b = contentWords(second);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** A definition that names the word itself gives the answer away. */
const mentions = (definition: string, word: string) => contentWords(definition).has(normalise(word));

/**
 * The choices for one card, shuffled: its definition and two from other words of the same topic, each a
 * different word with a clearly different definition (from the answer and from each other). Null when the
 * topic has too few such words yet; the card is then asked as a flashcard.
 */
export function pickChoices(
  card: KnownWord,
  pool: readonly KnownWord[],
  random: () => number = Math.random,
): string[] | null {
  const picked: string[] = [card.definition];
  const seenWords = new Set([normalise(card.word)]);
  for (const candidate of shuffle(pool, random)) {
    if (picked.length === CHOICE_COUNT) break;
    if (candidate.topic !== card.topic || seenWords.has(normalise(candidate.word))) continue;
    if (mentions(candidate.definition, card.word)) continue;
    const tooClose = picked.some(
      (definition) =>
        normalise(definition) === normalise(candidate.definition) ||
        definitionOverlap(definition, candidate.definition) > MAX_DEFINITION_OVERLAP,
    );
    if (tooClose) continue;
    seenWords.add(normalise(candidate.word));
    picked.push(candidate.definition);
  }
  return picked.length === CHOICE_COUNT ? shuffle(picked, random) : null;
}

/** Fisher–Yates on a copy. */
function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

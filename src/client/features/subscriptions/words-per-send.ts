import { WORDS_PER_SEND_MAX, WORDS_PER_SEND_MAX_BY_PLAN, WORDS_PER_SEND_MIN } from "@shared/constants";
import { planOf, upgradeOptionsFor, wordsPerSendLimit, type PlanStateHolder } from "@shared/rules/plans";

export interface WordsPerSendChoice {
  count: number;
  /** The cheapest plan that allows this many, when the learner's plan does not (the choice is locked). */
  unlockedBy: string | null;
}

/** Every words-per-send choice, the ones above the plan's limit locked with the plan that unlocks them. */
export function wordsPerSendChoices(user: PlanStateHolder): WordsPerSendChoice[] {
  const limit = wordsPerSendLimit(user);
  const upgrades = upgradeOptionsFor(planOf(user));
  return Array.from({ length: WORDS_PER_SEND_MAX - WORDS_PER_SEND_MIN + 1 }, (_, index) => {
    const count = WORDS_PER_SEND_MIN + index;
    if (count <= limit) return { count, unlockedBy: null };
    const cheapest = upgrades.find((option) => WORDS_PER_SEND_MAX_BY_PLAN[option.name] >= count);
    return { count, unlockedBy: cheapest?.displayName ?? "a higher plan" };
  });
}

/** What the locked choices need, cheapest first: "2 with Basic, 3 with Premium, 4–5 with Pro". */
export function unlockText(choices: readonly WordsPerSendChoice[]): string {
  const groups: { plan: string; counts: number[] }[] = [];
  for (const { count, unlockedBy } of choices) {
    if (!unlockedBy) continue;
    const last = groups.at(-1);
    if (last?.plan === unlockedBy) last.counts.push(count);
    else groups.push({ plan: unlockedBy, counts: [count] });
  }
  return groups
    .map(({ plan, counts }) => {
      const first = counts[0];
      const final = counts.at(-1);
      return `${first === final ? first : `${first}–${final}`} with ${plan}`;
    })
    .join(", ");
}

export const wordsPerSendText = (count: number): string =>
  `${count} ${count === 1 ? "word" : "words"} per send`;

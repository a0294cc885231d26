// BASELINE BEING MEASURED, NOT PRODUCT CODE: the learning loop as it stood after issue 16, frozen here so that
// `npm run bench -- learning` can keep comparing the current loop with it after the product's rules change (issue 22).
// It is what `send-mix.ts` (`planSend`), `send-plan.ts` and `fsrs.ts` did at that time:
//   - each send holds due reviews first (due by the end of the user's day, most overdue first, within the daily review
//     cap of 20), then new words up to words per send; with 1 word per send a due review takes the only slot;
//   - a review sent and not answered is not sent again until it is graded (so, from e-mail alone, never);
//   - a delivery is recorded as FSRS's first step graded Good; "Knew it" is Good, "Didn't know" is Again, and
//     ts-fsrs's default learning steps (minutes) apply;
//   - the e-mail shows the definition beside "Knew it" (so "Knew it" may be hindsight).
// Nothing in the product imports this file.
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card } from "ts-fsrs";
import type { Answer, LearnerLoop, LoopPolicy } from "../../src/server/features/learning/simulation/harness";

const ISSUE16_DAILY_REVIEW_CAP = 20;
const ISSUE16_WORDS_PER_SEND = 1;
const scheduler = fsrs(generatorParameters({ request_retention: 0.9, enable_fuzz: true }));

/** The end of the UTC day of `now` (the simulated learners' day: UTC, starting at midnight). */
const endOfUtcDay = (now: Date) => Math.floor(now.getTime() / 86_400_000 + 1) * 86_400_000;

function issue16Learner(): LearnerLoop {
  const cards = new Map<number, Card>();
  /** Cards re-sent since their last grade: they wait for a grade before going out again. */
  const awaitingGrade = new Set<number>();
  const grade = (word: number, rating: Rating.Again | Rating.Good, now: Date) => {
    cards.set(word, scheduler.next(cards.get(word)!, now, rating).card);
    awaitingGrade.delete(word);
  };
  return {
    plan(now, newWordsLeft) {
      const dueBy = endOfUtcDay(now);
      const reviews = [...cards]
        .filter(
          ([word, card]) =>
            card.state !== State.New && card.due.getTime() < dueBy && !awaitingGrade.has(word),
        )
        .sort((a, b) => a[1].due.getTime() - b[1].due.getTime())
        .slice(0, Math.min(ISSUE16_WORDS_PER_SEND, ISSUE16_DAILY_REVIEW_CAP))
        .map(([word]) => word);
      for (const word of reviews) awaitingGrade.add(word);
      return { reviews, newWords: Math.min(ISSUE16_WORDS_PER_SEND - reviews.length, newWordsLeft) };
    },
    introduce(word, now) {
      cards.set(word, scheduler.next(createEmptyCard(now), now, Rating.Good).card);
    },
    answer(word, answer: Answer, now) {
      grade(word, answer === "forgot" ? Rating.Again : Rating.Good, now);
    },
    unanswered() {},
  };
}

export const issue16Policy: LoopPolicy = {
  name: "issue16",
  reviewShowsDefinition: true,
  learner: issue16Learner,
};

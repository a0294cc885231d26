import { describe, expect, it } from "vitest";
import { gradeCard, markKnown, newCard, type LearningCard } from "./fsrs";
import { wordsYouWouldHaveRecalled, wordsYouWouldRecall, type WordHistory } from "./recall";

const DAY = 86_400_000;
const start = new Date("2025-03-03T09:00:00Z");
const later = (days: number) => new Date(start.getTime() + days * DAY);

/** A word graded Good on each of `days` (days after start), as its card and as its history. */
function goodOn(days: number[]): { card: LearningCard; history: WordHistory } {
  let card = newCard(start);
  for (const day of days) card = gradeCard(card, "good", later(day), "email").card;
  return {
    card,
    history: {
      knownAt: null,
      grades: days.map((day) => ({ grade: "good", reviewedAt: later(day), channel: "email" })),
    },
  };
}

describe("words you would recall today (ΣR)", () => {
  it("counts a word marked known as one, a word only introduced as none", () => {
    const known = markKnown(newCard(start), start);
    const introduced = newCard(start);
    expect(wordsYouWouldRecall([known, introduced], later(1))).toBe(1);
    expect(wordsYouWouldRecall([], start)).toBe(0);
  });

  it("a word just recalled counts nearly whole, and fades between reviews", () => {
    const words = Array.from({ length: 10 }, () => goodOn([0]).card);
    expect(wordsYouWouldRecall(words, start)).toBe(10);
    const afterAMonth = wordsYouWouldRecall(words, later(30));
    expect(afterAMonth).toBeLessThan(10);
    expect(afterAMonth).toBeGreaterThan(0);
  });

  it("rebuilds the figure as it stood on a past day from the log, matching the cards of then", () => {
    const words = Array.from({ length: 8 }, () => goodOn([0, 3, 10]));
    const now = later(20);
    expect(
      wordsYouWouldHaveRecalled(
        words.map((word) => word.history),
        now,
      ),
    ).toBe(
      wordsYouWouldRecall(
        words.map((word) => word.card),
        now,
      ),
    );
    // Before the first grade nothing was learned; the day after it, nearly every word was.
    expect(
      wordsYouWouldHaveRecalled(
        words.map((word) => word.history),
        later(-1),
      ),
    ).toBe(0);
    expect(
      wordsYouWouldHaveRecalled(
        words.map((word) => word.history),
        later(1),
      ),
    ).toBeGreaterThanOrEqual(7);
  });

  it("counts a word marked known only from the day it was marked", () => {
    const history: WordHistory = { knownAt: later(5), grades: [] };
    expect(wordsYouWouldHaveRecalled([history], later(4))).toBe(0);
    expect(wordsYouWouldHaveRecalled([history], later(6))).toBe(1);
  });
});

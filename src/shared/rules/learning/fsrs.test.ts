import { describe, expect, it } from "vitest";
import {
  gradeCard,
  gradeOfQuick,
  isMastered,
  isReviewable,
  markKnown,
  newCard,
  retrievability,
  unmarkKnown,
} from "./fsrs";

const now = new Date("2025-01-06T09:00:00Z");
const DAY = 86_400_000;

describe("the FSRS card", () => {
  it("the quick grades are Again and Good", () => {
    expect(gradeOfQuick("didnt_know")).toBe("again");
    expect(gradeOfQuick("knew_it")).toBe("good");
  });

  it("a new word is due at once and not yet a review", () => {
    const card = newCard(now);
    expect(card).toMatchObject({ state: "new", due: now, reps: 0, lastReview: null, knownAt: null });
    expect(isReviewable(card)).toBe(false);
    expect(retrievability(card, now)).toBe(0);
  });

  it("grading logs the grade, the states before and after, the elapsed days and the channel", () => {
    const first = gradeCard(newCard(now), "good", now, "email");
    expect(first.log).toMatchObject({
      grade: "good",
      stateBefore: "new",
      elapsedDays: 0,
      reviewedAt: now,
      channel: "email",
    });
    expect(first.card.state).toBe(first.log.stateAfter);
    expect(first.card.due.getTime()).toBeGreaterThan(now.getTime());
    const later = new Date(now.getTime() + 3 * DAY + 3_600_000);
    const second = gradeCard(first.card, "good", later, "push");
    expect(second.log).toMatchObject({
      stateBefore: first.card.state,
      elapsedDays: 3,
      dueBefore: first.card.due,
    });
  });

  it("Good pushes the next review further out than Again, and stability grows with each success", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    card = gradeCard(card, "good", card.due, "web").card;
    const good = gradeCard(card, "good", card.due, "web").card;
    const again = gradeCard(card, "again", card.due, "web").card;
    expect(good.due.getTime()).toBeGreaterThan(again.due.getTime());
    expect(good.stability).toBeGreaterThan(card.stability);
    expect(again.lapses).toBe(card.lapses + 1);
  });

  it("recall probability is 0.9 around the due date of a review card and falls after it", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    for (let step = 0; step < 3; step += 1) card = gradeCard(card, "good", card.due, "web").card;
    expect(card.state).toBe("review");
    const atDue = retrievability(card, card.due);
    expect(atDue).toBeGreaterThan(0.85);
    expect(atDue).toBeLessThan(0.95);
    expect(retrievability(card, new Date(card.due.getTime() + 30 * DAY))).toBeLessThan(atDue);
  });

  it("a card is mastered at 21 days of stability", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    while (card.stability < 21) card = gradeCard(card, "good", card.due, "web").card;
    expect(isMastered(card)).toBe(true);
  });

  it("'I already know this word' retires the card without losing its FSRS state; undoing restores it", () => {
    const card = gradeCard(newCard(now), "good", now, "web").card;
    const known = markKnown(card, now);
    expect(isReviewable(known)).toBe(false);
    expect(() => gradeCard(known, "good", now, "web")).toThrow();
    expect(unmarkKnown(known)).toEqual(card);
  });
});

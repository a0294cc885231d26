import { describe, expect, it } from "vitest";
import { FIRST_ASK_RECALL_PRIOR } from "@shared/constants";
import {
  correctedRecall,
  daysPerStabilityUntilRecall,
  gradeCard,
  isMastered,
  isReviewable,
  markKnown,
  newCard,
  recallAfterWholeDays,
  recallGainOfReview,
  retrievability,
  scheduler,
  unmarkKnown,
  type WordRecallEstimate,
} from "./fsrs";

const now = new Date("2025-01-06T09:00:00Z");
const DAY = 86_400_000;

describe("the FSRS card", () => {
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

  it("a new card's first answer is its first rating, even if its row holds a stray stability", () => {
    const stray = { ...newCard(now), stability: 500, difficulty: 0 };
    for (const grade of ["again", "hard", "good", "easy"] as const)
      expect(gradeCard(stray, grade, now, "web").card).toEqual(
        gradeCard(newCard(now), grade, now, "web").card,
      );
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

  it("values reviews on ts-fsrs's own forgetting curve, to the last digit", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    card = gradeCard(card, "good", card.due, "web").card;
    for (const days of [0, 1, 3, 7, 30, 200]) {
      const at = new Date(card.lastReview!.getTime() + days * DAY);
      expect(recallAfterWholeDays(card, at)).toBe(scheduler.forgetting_curve(days, card.stability));
    }
  });

  it("a word falls to 0.95 recall at a fixed share of its stability, well before it is due at 0.9", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    for (let step = 0; step < 3; step += 1) card = gradeCard(card, "good", card.due, "web").card;
    const nearlyDue = daysPerStabilityUntilRecall(0.95) * card.stability;
    expect(daysPerStabilityUntilRecall(0.9)).toBeCloseTo(1, 6);
    const after = (days: number) => new Date(card.lastReview!.getTime() + days * DAY);
    expect(recallAfterWholeDays(card, after(Math.ceil(nearlyDue)))).toBeLessThanOrEqual(0.95);
    expect(recallAfterWholeDays(card, after(Math.ceil(nearlyDue) - 1))).toBeGreaterThan(0.95);
    expect(after(Math.ceil(nearlyDue)).getTime()).toBeLessThan(card.due.getTime());
    expect(recallAfterWholeDays(newCard(now), now)).toBeNull();
  });

  it("values a review by the recall it adds: little just after one, more the longer the word has waited", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    card = gradeCard(card, "good", card.due, "web").card;
    const at = (days: number) => new Date(card.due.getTime() + days * DAY);
    const gains = [-10, 0, 10, 90].map((days) => recallGainOfReview(card, at(days)));
    expect(gains).toEqual([...gains].sort((a, b) => a - b));
    expect(recallGainOfReview(card, card.lastReview!)).toBeLessThan(gains[0]!);
  });

  it("values a review under the learner's weights: their curve and transitions, FSRS's defaults without them", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    card = gradeCard(card, "again", card.due, "web").card;
    const at = new Date(card.lastReview!.getTime() + 4 * DAY);
    // FSRS's default weights spelled out: the same value and recall, to the last digit.
    const defaults = [...scheduler.parameters.w];
    expect(recallGainOfReview(card, at, undefined, defaults)).toBe(recallGainOfReview(card, at));
    expect(recallAfterWholeDays(card, at, undefined, defaults)).toBe(recallAfterWholeDays(card, at));
    // A learner whose curve is flatter (FSRS-6's decay halved) keeps more of the word: a higher recall now, and a
    // review worth another amount.
    const flatter = defaults.map((w, i) => (i === defaults.length - 1 ? w / 2 : w));
    expect(recallAfterWholeDays(card, at, undefined, flatter)!).toBeGreaterThan(
      recallAfterWholeDays(card, at)!,
    );
    expect(recallGainOfReview(card, at, undefined, flatter)).not.toBe(recallGainOfReview(card, at));
  });

  it("values a new word's first ask above a review due today: a word read once fades fastest", () => {
    let card = gradeCard(newCard(now), "good", now, "web").card;
    card = gradeCard(card, "good", card.due, "web").card;
    expect(recallGainOfReview(newCard(now), new Date(now.getTime() + DAY))).toBeGreaterThan(
      recallGainOfReview(card, card.due),
    );
  });

  it("values a word by what all learners' answers say about it: a word everyone forgets sooner is asked sooner", () => {
    const card = gradeCard(newCard(now), "good", now, "web").card;
    const at = new Date(card.lastReview!.getTime() + 2 * DAY);
    const valued = (word: WordRecallEstimate | null) => recallGainOfReview(card, at, undefined, null, word);
    // An offset of nothing: FSRS's own estimate (through the stability its recall implies, to FSRS's rounding).
    expect(valued({ firstAskRecall: null, recallOffset: 0 })).toBeCloseTo(valued(null), 5);
    // Forgotten more than FSRS expects (a negative offset): its recall now is lower, and a review adds more.
    expect(valued({ firstAskRecall: null, recallOffset: -1 })).toBeGreaterThan(valued(null));
    expect(valued({ firstAskRecall: null, recallOffset: 1 })).toBeLessThan(valued(null));
    expect(correctedRecall(0.9, -1)).toBeLessThan(0.9);
    expect(correctedRecall(0.9, 0)).toBeCloseTo(0.9, 12);
    // A first ask is valued at the word's first-ask recall (FIRST_ASK_RECALL_PRIOR without one).
    const firstAsk = (firstAskRecall: number | null) =>
      recallGainOfReview(newCard(now), new Date(now.getTime() + DAY), undefined, null, {
        firstAskRecall,
        recallOffset: null,
      });
    expect(firstAsk(FIRST_ASK_RECALL_PRIOR)).toBe(firstAsk(null));
    expect(firstAsk(0.8)).not.toBe(firstAsk(null));
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

describe("FSRS on once-a-day channels (issue 22)", () => {
  const pacific = { timeZone: "America/Los_Angeles", dayStartHour: 0 };

  it("'I forgot' brings the word back at the next user day, never in minutes", () => {
    for (const card of [newCard(now), gradeCard(newCard(now), "good", now, "email").card]) {
      const at = new Date(card.due.getTime() + DAY);
      const forgot = gradeCard(card, "again", at, "email", null, pacific).card;
      expect(forgot.due.getTime() - at.getTime()).toBeGreaterThanOrEqual(DAY);
      expect(forgot.learningSteps).toBe(0);
    }
  });

  it("Easy on a new word ('I knew this already') waits longer than Good", () => {
    const easy = gradeCard(newCard(now), "easy", now, "email").card;
    const good = gradeCard(newCard(now), "good", now, "email").card;
    expect(easy.due.getTime()).toBeGreaterThan(good.due.getTime());
    expect(easy.state).toBe("review");
  });

  it("counts the Pacific learner's days: 09:00 and 18:00 the same local day are one day, not two", () => {
    // 09:00 PDT is 16:00 UTC on 10 June; 18:00 PDT is 01:00 UTC on 11 June: two UTC days, one user day.
    const morning = new Date("2025-06-10T16:00:00Z");
    const evening = new Date("2025-06-11T01:00:00Z");
    const first = gradeCard(newCard(morning), "good", morning, "email", null, pacific).card;
    const sameDay = gradeCard(first, "good", evening, "email", null, pacific);
    expect(sameDay.log.elapsedDays).toBe(0);
    // The next morning is one day on, though less than 24 hours after the evening.
    const nextMorning = new Date("2025-06-11T16:00:00Z");
    expect(gradeCard(sameDay.card, "good", nextMorning, "email", null, pacific).log.elapsedDays).toBe(1);
    // Counted in UTC days (ts-fsrs's own clock), the evening would already be a day after the morning.
    expect(gradeCard(first, "good", evening, "email").log.elapsedDays).toBe(1);
  });

  it("with a 4 am day start, a 02:00 answer belongs to the day before, and the interval counts from it", () => {
    const londonLate = { timeZone: "Europe/London", dayStartHour: 4 };
    const evening = new Date("2025-01-06T21:00:00Z"); // Monday 21:00
    const lateNight = new Date("2025-01-07T02:00:00Z"); // still Monday for this learner
    const first = gradeCard(newCard(evening), "good", evening, "email", null, londonLate).card;
    expect(gradeCard(first, "good", lateNight, "email", null, londonLate).log.elapsedDays).toBe(0);
    // A one-day interval from Monday 21:00 is due on Tuesday in the learner's days (04:00 Tuesday onwards).
    const forgot = gradeCard(first, "again", lateNight, "email", null, londonLate).card;
    expect(forgot.due.getTime()).toBeGreaterThanOrEqual(new Date("2025-01-07T04:00:00Z").getTime());
    expect(forgot.due.getTime()).toBeLessThan(new Date("2025-01-08T04:00:00Z").getTime());
  });
});

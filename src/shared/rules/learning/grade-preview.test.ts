import { describe, expect, it } from "vitest";
import { LEARNING_GRADES, type LearningGrade } from "@shared/constants";
import type { UserDayClock } from "./day-start";
import { gradeCard, markKnown, newCard, type FsrsWeights, type LearningCard } from "./fsrs";
import { dueAfterEachGrade } from "./grade-preview";

const HOUR_MS = 3_600_000;
const PACIFIC_4AM: UserDayClock = { timeZone: "America/Los_Angeles", dayStartHour: 4 };
const CLOCKS: UserDayClock[] = [
  { timeZone: null, dayStartHour: 0 },
  { timeZone: "UTC", dayStartHour: 4 },
  PACIFIC_4AM,
  { timeZone: "Europe/Berlin", dayStartHour: 0 },
  { timeZone: "Asia/Kolkata", dayStartHour: 3 },
  { timeZone: "Pacific/Auckland", dayStartHour: 5 },
];
// Personal weights as the optimiser might fit them: the defaults nudged, so the preview must use the learner's own.
const PERSONAL: FsrsWeights = [
  0.3, 1.4, 2.8, 15.2, 7.0, 0.55, 1.9, 0.01, 1.4, 0.15, 0.95, 1.9, 0.11, 0.3, 2.3, 0.25, 2.9, 0.5, 0.66, 0.12,
  0.2,
];

/** What a grade given now actually schedules, one `gradeCard` per grade: the preview must say the same. */
const gradedOneByOne = (card: LearningCard, now: Date, weights: FsrsWeights | null, clock: UserDayClock) =>
  Object.fromEntries(
    LEARNING_GRADES.map((grade) => [grade, gradeCard(card, grade, now, "web", weights, clock).card.due]),
  ) as Record<LearningGrade, Date>;

/**
 * Cards new and graded through a sequence of answers (a lapse, a long wait for a low-recall review), each answer at a
 * different hour of the learner's day. Our scheduler has no learning steps, so a grade makes a review card; the
 * learning and relearning states (cards from before issue 22) are the same memories relabelled.
 */
function cardsOf(clock: UserDayClock, weights: FsrsWeights | null): { card: LearningCard; now: Date }[] {
  const answers: LearningGrade[][] = [
    [],
    ["good"],
    ["again"],
    ["good", "good", "easy"],
    ["good", "again"],
    ["hard", "hard", "good", "again", "good"],
    ["easy", "easy", "easy", "easy"],
  ];
  const found: { card: LearningCard; now: Date }[] = [];
  answers.forEach((sequence, index) => {
    let moment = new Date(Date.UTC(2025, 2, 1 + index, (index * 7) % 24, 13, 27, 481));
    let card = newCard(moment);
    sequence.forEach((grade, step) => {
      card = gradeCard(card, grade, moment, "email", weights, clock).card;
      // Answered on the day it comes back, hours off its due moment (early, late, across the day's start).
      moment = new Date(card.due.getTime() + ((step * 5) % 13) * HOUR_MS - 3 * HOUR_MS);
    });
    const relabelled = index % 2 === 0 ? "learning" : "relearning";
    for (const daysLater of [0, 1, 3, 40, 400]) {
      const now = new Date(moment.getTime() + daysLater * 24 * HOUR_MS + index * 977);
      found.push({ card, now });
      if (card.state !== "new") found.push({ card: { ...card, state: relabelled }, now });
    }
  });
  return found;
}

describe("the grade buttons' preview", () => {
  it("shows a Pacific learner's evening grade coming back when the grade itself will bring it back", () => {
    const morning = new Date("2025-06-10T16:00:00Z"); // 09:00 in Los Angeles
    const card = gradeCard(newCard(morning), "good", morning, "email", null, PACIFIC_4AM).card;
    const evening = new Date("2025-06-17T01:30:00Z"); // 18:30 on the 16th in Los Angeles, 01:30 on the 17th in UTC
    expect(dueAfterEachGrade(card, evening, null, PACIFIC_4AM)).toEqual(
      gradedOneByOne(card, evening, null, PACIFIC_4AM),
    );
  });

  it("gives, to the millisecond, the due moment each grade would give, whatever the card, zone, day start and weights", () => {
    let compared = 0;
    for (const clock of CLOCKS)
      for (const weights of [null, PERSONAL])
        for (const { card, now } of cardsOf(clock, weights)) {
          const preview = dueAfterEachGrade(card, now, weights, clock);
          const graded = gradedOneByOne(card, now, weights, clock);
          for (const grade of LEARNING_GRADES) expect(preview[grade].getTime()).toBe(graded[grade].getTime());
          compared += 1;
        }
    // Every state a card row can hold is among them.
    const states = new Set(CLOCKS.flatMap((clock) => cardsOf(clock, null).map(({ card }) => card.state)));
    expect([...states].sort()).toEqual(["learning", "new", "relearning", "review"]);
    expect(compared).toBe(CLOCKS.length * 2 * (1 + 6 * 2) * 5);
  });

  it("refuses a word marked as known, as a grade does", () => {
    const now = new Date("2025-06-10T16:00:00Z");
    expect(() => dueAfterEachGrade(markKnown(newCard(now), now), now, null, PACIFIC_4AM)).toThrow(/known/);
  });
});

import { describe, expect, it } from "vitest";
import { gradeCard, markKnown, newCard, type LearningCard } from "./fsrs";
import { completionRate, dueForecast, wordsLearned } from "./progress";

const start = new Date("2025-01-06T09:00:00Z");
const DAY = 86_400_000;
const review = (due: string, stability = 5): LearningCard => ({
  ...newCard(start),
  state: "review",
  stability,
  due: new Date(due),
  lastReview: start,
  reps: 3,
});

describe("progress", () => {
  it("Words Learned counts cards stable for 21 days or more, plus words marked known", () => {
    const cards = [
      review("2025-03-01T00:00:00Z", 21),
      review("2025-02-01T00:00:00Z", 20.9),
      markKnown(newCard(start), start),
    ];
    expect(wordsLearned(cards)).toBe(2);
    expect(wordsLearned([])).toBe(0);
  });

  it("a word graded Good day after day becomes learned, one always forgotten never does", () => {
    let remembered = gradeCard(newCard(start), "good", start, "email").card;
    let forgotten = gradeCard(newCard(start), "again", start, "email").card;
    for (let step = 0; step < 8; step += 1) {
      remembered = gradeCard(remembered, "good", remembered.due, "email").card;
      forgotten = gradeCard(forgotten, "again", new Date(forgotten.due.getTime() + DAY), "email").card;
    }
    expect(wordsLearned([remembered, forgotten])).toBe(1);
  });

  it("Completion Rate: graded within a day of falling due, missed when left open past it, pending otherwise", () => {
    const now = new Date("2025-02-10T12:00:00Z");
    const logs = [
      {
        stateBefore: "review" as const,
        dueBefore: new Date("2025-02-01T09:00:00Z"),
        reviewedAt: new Date("2025-02-01T10:00:00Z"),
      },
      {
        stateBefore: "review" as const,
        dueBefore: new Date("2025-02-02T09:00:00Z"),
        reviewedAt: new Date("2025-02-03T08:00:00Z"),
      },
      {
        stateBefore: "review" as const,
        dueBefore: new Date("2025-02-03T09:00:00Z"),
        reviewedAt: new Date("2025-02-05T09:00:00Z"),
      },
      // A learning step is not a scheduled review.
      {
        stateBefore: "learning" as const,
        dueBefore: new Date("2025-02-04T09:00:00Z"),
        reviewedAt: new Date("2025-02-09T09:00:00Z"),
      },
    ];
    const cards = [
      review("2025-02-08T09:00:00Z"), // open for two days: missed
      review("2025-02-10T09:00:00Z"), // due this morning: not counted yet
      markKnown(review("2025-02-01T09:00:00Z"), now), // retired: never due
    ];
    expect(completionRate(logs, cards, now)).toBe(50); // 2 on time of 4
    expect(completionRate([], [], now)).toBe(0);
  });

  it("the 30-day forecast counts due cards per user day, overdue folded into today", () => {
    const now = new Date("2025-03-29T12:00:00Z");
    const clock = { timeZone: "Europe/London", dayStartHour: 4 };
    const forecast = dueForecast(
      [
        review("2025-03-20T09:00:00Z"), // overdue
        review("2025-03-30T02:30:00Z"), // 02:30 GMT on the 30th: before the 4 am start, so still the 29th
        review("2025-03-30T03:30:00Z"), // 04:30 BST on the 30th
        review("2025-04-27T12:00:00Z"), // the 30th day
        review("2025-04-28T12:00:00Z"), // beyond
        newCard(now), // introduced today, never answered: due now, as /review lists it (issue 22)
        markKnown(review("2025-03-29T09:00:00Z"), now), // known: never due
      ],
      now,
      clock,
    );
    expect(forecast).toHaveLength(30);
    expect(forecast[0]).toEqual({ day: "2025-03-29", due: 3 });
    expect(forecast[1]).toEqual({ day: "2025-03-30", due: 1 });
    expect(forecast[29]).toEqual({ day: "2025-04-27", due: 1 });
    expect(forecast.reduce((sum, day) => sum + day.due, 0)).toBe(5);
  });
});

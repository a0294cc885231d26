import { describe, expect, it } from "vitest";
import { answerOfTap, comesBackIn, gradeOfAnswer } from "./answers";

describe("what an answer means", () => {
  it("'I knew this already' on a new word is Easy; 'I remember' on a review is Good; 'I forgot' is Again", () => {
    expect(gradeOfAnswer(answerOfTap("knew_it", "new"))).toBe("easy");
    expect(gradeOfAnswer(answerOfTap("knew_it", "review"))).toBe("good");
    expect(gradeOfAnswer(answerOfTap("didnt_know", "new"))).toBe("again");
    expect(gradeOfAnswer(answerOfTap("didnt_know", "review"))).toBe("again");
  });

  it("a right multiple-choice pick counts at most Hard (a lucky guess is not recall)", () => {
    expect(gradeOfAnswer("picked_right")).toBe("hard");
    expect(gradeOfAnswer("picked_wrong")).toBe("again");
  });
});

describe("when a word comes back", () => {
  const pacific = { timeZone: "America/Los_Angeles", dayStartHour: 0 };
  const evening = new Date("2025-06-11T01:00:00Z"); // 18:00 PDT on 10 June

  it("is said in the learner's days: a Pacific evening answer due the next morning comes back tomorrow", () => {
    expect(comesBackIn(new Date("2025-06-11T16:00:00Z"), evening, pacific, null)).toBe("tomorrow");
    expect(comesBackIn(new Date("2025-06-14T16:00:00Z"), evening, pacific, null)).toBe("in 4 days");
  });

  it("never says today: a word answered today only comes back with a send of a later day", () => {
    // "Didn't know" at 18:00 PDT, due at 20:00 PDT the same day: no send re-sends it before tomorrow.
    expect(comesBackIn(new Date("2025-06-11T03:00:00Z"), evening, pacific, null)).toBe("tomorrow");
    expect(
      comesBackIn(new Date("2025-06-11T03:00:00Z"), evening, pacific, new Date("2025-06-11T05:00:00Z")),
    ).toBe("tomorrow");
  });

  it("rides with the next send when that send is on or after the due day, however far the FSRS due date", () => {
    const tomorrowsSend = new Date("2025-06-11T15:00:00Z"); // 08:00 PDT on 11 June
    expect(comesBackIn(new Date("2025-06-11T16:00:00Z"), evening, pacific, tomorrowsSend)).toBe(
      "tomorrow, with your next words",
    );
    const weeklySend = new Date("2025-06-17T15:00:00Z");
    expect(comesBackIn(new Date("2025-06-12T16:00:00Z"), evening, pacific, weeklySend)).toBe(
      "with your next words, in 7 days",
    );
    // A next send before the due day does not carry it: the send of the due day does.
    expect(comesBackIn(new Date("2025-06-14T16:00:00Z"), evening, pacific, tomorrowsSend)).toBe("in 4 days");
  });

  it("counts the days from the learner's day start: at 02:00 with a 4 am start it is still yesterday", () => {
    const lateNight = { timeZone: "Europe/Berlin", dayStartHour: 4 };
    const twoAm = new Date("2025-06-11T00:00:00Z"); // 02:00 CEST on 11 June, still the user's 10 June
    const morningSend = new Date("2025-06-11T05:00:00Z"); // 07:00 CEST on 11 June: the user's next day
    expect(comesBackIn(new Date("2025-06-11T06:00:00Z"), twoAm, lateNight, morningSend)).toBe(
      "tomorrow, with your next words",
    );
    expect(comesBackIn(new Date("2025-06-11T01:00:00Z"), twoAm, lateNight, null)).toBe("tomorrow");
  });
});

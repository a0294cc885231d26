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
  it("is said in the learner's days: a Pacific evening answer due the next morning comes back tomorrow", () => {
    const pacific = { timeZone: "America/Los_Angeles", dayStartHour: 0 };
    const evening = new Date("2025-06-11T01:00:00Z"); // 18:00 PDT on 10 June
    expect(comesBackIn(new Date("2025-06-11T16:00:00Z"), evening, pacific)).toBe("tomorrow");
    expect(comesBackIn(new Date("2025-06-14T16:00:00Z"), evening, pacific)).toBe("in 4 days");
    expect(comesBackIn(new Date("2025-06-11T03:00:00Z"), evening, pacific)).toBe("today");
  });
});

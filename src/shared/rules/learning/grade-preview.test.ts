import { describe, expect, it } from "vitest";
import { LEARNING_GRADES } from "@shared/constants";
import { gradeCard, newCard } from "./fsrs";
import { dueAfterEachGrade } from "./grade-preview";

describe("the grade buttons' preview", () => {
  it("shows a Pacific learner's evening grade coming back when the grade itself will bring it back", () => {
    const pacific = { timeZone: "America/Los_Angeles", dayStartHour: 4 };
    const morning = new Date("2025-06-10T16:00:00Z"); // 09:00 in Los Angeles
    const card = gradeCard(newCard(morning), "good", morning, "email", null, pacific).card;
    const evening = new Date("2025-06-17T01:30:00Z"); // 18:30 on the 16th in Los Angeles, 01:30 on the 17th in UTC
    const preview = dueAfterEachGrade(card, evening, "web", null, pacific);
    for (const grade of LEARNING_GRADES)
      expect(preview[grade]).toEqual(gradeCard(card, grade, evening, "web", null, pacific).card.due);
  });
});

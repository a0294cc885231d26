import { describe, expect, it } from "vitest";
import type { NotificationItem } from "@shared/api/notifications";
import { withAnsweredNotification } from "./answered-word";

const item = (id: number, cardId: number): NotificationItem => ({
  id,
  readAt: null,
  sentAt: "2026-01-01T09:00:00.000Z",
  content: { id, word: `word ${id}`, definition: "d", partOfSpeech: null, note: null },
  topic: { name: "finance", displayName: "Finance", category: "business" },
  kind: "review",
  cardId,
  grade: null,
  comesBackAt: null,
  comesBack: null,
});

describe("a grade given anywhere, in the bell's list", () => {
  it("answers and reads every notification of that word, and no other", () => {
    const result = {
      rating: 3,
      due: "2026-01-04T09:00:00.000Z",
      comesBack: "in 3 days",
      state: "review",
      stability: 3,
    } as const;
    const items = withAnsweredNotification(
      [item(1, 10), item(2, 20), item(3, 10)],
      10,
      result,
      "2026-01-01T10:00:00.000Z",
    );
    expect(items.map(({ id, grade, readAt, comesBack }) => ({ id, grade, readAt, comesBack }))).toEqual([
      { id: 1, grade: 3, readAt: "2026-01-01T10:00:00.000Z", comesBack: "in 3 days" },
      { id: 2, grade: null, readAt: null, comesBack: null },
      { id: 3, grade: 3, readAt: "2026-01-01T10:00:00.000Z", comesBack: "in 3 days" },
    ]);
  });
});

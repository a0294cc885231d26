import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "@shared/api/history";
import { dayTitle, groupHistory, PENDING_GROUP_TITLE } from "./history-groups";

const entry = (id: number, sentAt: Date | null): HistoryEntry => ({
  id,
  sentAt: sentAt?.toISOString() ?? null,
  createdAt: (sentAt ?? new Date(2026, 10, 23, 8)).toISOString(),
  status: sentAt ? "sent" : "pending",
  deliveryMethod: "email",
  channels: ["email"],
  kind: "new",
  source: "scheduled",
  error: null,
  content: {
    id,
    word: `word ${id}`,
    pronunciation: null,
    definition: "d",
    example: null,
    level: 2,
    partOfSpeech: null,
    note: null,
    origin: null,
    reference: null,
    translation: null,
    topic: { name: "finance", displayName: "Finance", category: "business" },
  },
});

const now = new Date(2026, 10, 23, 15, 0); // Monday, November 23, 2026, local time

describe("dayTitle", () => {
  it("names today and yesterday, then the weekday and date", () => {
    expect(dayTitle(new Date(2026, 10, 23, 0, 5), now)).toBe("Today");
    expect(dayTitle(new Date(2026, 10, 22, 23, 59), now)).toBe("Yesterday");
    expect(dayTitle(new Date(2026, 10, 20, 9), now)).toBe("Friday, November 20");
    expect(dayTitle(new Date(2025, 11, 31, 9), now)).toBe("Wednesday, December 31, 2025");
  });
});

describe("groupHistory", () => {
  it("groups by local sent day, newest first, with the pending entries first", () => {
    const groups = groupHistory(
      [
        entry(5, null),
        entry(4, new Date(2026, 10, 23, 9)),
        entry(3, new Date(2026, 10, 23, 8)),
        entry(2, new Date(2026, 10, 21, 9)),
        entry(1, new Date(2026, 10, 22, 9)),
      ],
      now,
    );
    expect(groups.map((group) => [group.title, group.entries.map((e) => e.id)])).toEqual([
      [PENDING_GROUP_TITLE, [5]],
      ["Today", [4, 3]],
      ["Yesterday", [1]],
      ["Saturday, November 21", [2]],
    ]);
  });

  it("has no pending group when everything was sent, and no groups for no entries", () => {
    expect(groupHistory([entry(1, new Date(2026, 10, 23, 9))], now).map((g) => g.key)).toEqual([
      "2026-11-23",
    ]);
    expect(groupHistory([], now)).toEqual([]);
  });
});

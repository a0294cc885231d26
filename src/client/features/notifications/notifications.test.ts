import { describe, expect, it } from "vitest";
import type { NotificationItem } from "@shared/api/notifications";
import { applyNotificationAction } from "./api/notification-actions";
import { unreadBadgeLabel } from "./unread-badge";

const item = (id: number, readAt: string | null = null): NotificationItem => ({
  id,
  readAt,
  sentAt: "2026-01-01T09:00:00.000Z",
  content: { id: id * 10, word: `word ${id}`, definition: "d", partOfSpeech: null, note: null },
  topic: { name: "finance", displayName: "Finance", category: "business" },
  kind: "new",
  cardId: id * 100,
  grade: null,
  comesBackAt: null,
  comesBack: null,
});
const items = (count: number, read = 0) =>
  Array.from({ length: count }, (_, index) =>
    item(index + 1, index < read ? "2026-01-01T10:00:00.000Z" : null),
  );

describe("unreadBadgeLabel", () => {
  it("shows nothing when everything is read", () => {
    expect(unreadBadgeLabel([])).toBeNull();
    expect(unreadBadgeLabel(items(3, 3))).toBeNull();
  });

  it("counts the unread items, up to 9", () => {
    expect(unreadBadgeLabel(items(1))).toBe("1");
    expect(unreadBadgeLabel(items(10, 1))).toBe("9");
  });

  it("reads '9+' over 9, counting only the first 10 items", () => {
    expect(unreadBadgeLabel(items(10))).toBe("9+");
    expect(unreadBadgeLabel([...items(9), item(10, "2026-01-01T10:00:00.000Z"), item(11), item(12)])).toBe(
      "9",
    );
  });
});

describe("applyNotificationAction", () => {
  const now = "2026-01-02T00:00:00.000Z";
  it("marks one item read and keeps an earlier read time", () => {
    const list = [item(1), item(2, "2026-01-01T10:00:00.000Z")];
    expect(applyNotificationAction(list, { kind: "read", id: 1 }, now)[0]?.readAt).toBe(now);
    expect(applyNotificationAction(list, { kind: "read", id: 2 }, now)[1]?.readAt).toBe(
      "2026-01-01T10:00:00.000Z",
    );
  });

  it("removes a dismissed item, and all of them on Clear All", () => {
    expect(applyNotificationAction(items(3), { kind: "dismiss", id: 2 }, now).map((i) => i.id)).toEqual([
      1, 3,
    ]);
    expect(applyNotificationAction(items(3), { kind: "clearAll" }, now)).toEqual([]);
  });
});

import type { GradeResponse } from "@shared/api/learning";
import type { DeliveredItem, NotificationItem } from "@shared/api/notifications";

type DeliveredWord = Pick<DeliveredItem, "cardId" | "grade" | "comesBackAt" | "comesBack">;

/**
 * Every delivery of the graded card as it reads once the grade is saved: the grade recorded and when the word comes
 * back (the server says the same on the next read, wherever the grade was given).
 */
export function withAnsweredWord<T extends DeliveredWord>(
  items: readonly T[],
  cardId: number,
  result: GradeResponse,
): T[] {
  return items.map((item) =>
    item.cardId === cardId
      ? { ...item, grade: result.rating, comesBackAt: result.due, comesBack: result.comesBack }
      : item,
  );
}

/** The notification list after a grade: the word's notifications answered and read, so the badge drops at once. */
export function withAnsweredNotification(
  items: readonly NotificationItem[],
  cardId: number,
  result: GradeResponse,
  now: string,
): NotificationItem[] {
  return withAnsweredWord(items, cardId, result).map((item) =>
    item.cardId === cardId && !item.readAt ? { ...item, readAt: now } : item,
  );
}

import type { Clock } from "@server/platform/clock/clock";
import type { EventSubscriber } from "@server/platform/events/event-hook";
import type { DeliveredEvent } from "@server/platform/events/delivered";
import { cards } from "@server/db/schema";
import { introduceCard } from "@shared/rules/learning/fsrs";
import { cardColumns } from "./cards";

/**
 * Every word delivered becomes the user's card, in the transaction that delivered it (introduceCard: the word was
 * just read with its definition, FSRS's first learning step graded Good). A word the user already has a card for (a
 * review, or a topic sent round again) keeps its card as it is.
 */
export const createCardsOnDelivery =
  (clock: Clock): EventSubscriber<DeliveredEvent> =>
  async (tx, event) => {
    if (event.deliveries.length === 0) return;
    const now = clock.now();
    await tx
      .insert(cards)
      .values(
        event.deliveries.map((delivery) => ({
          userId: delivery.userId,
          wordId: delivery.wordId,
          topicId: delivery.topicId,
          subscriptionId: delivery.subscriptionId,
          createdAt: now,
          ...cardColumns(introduceCard(now, delivery.inApp ? "in_app" : "email").card),
        })),
      )
      .onConflictDoNothing({ target: [cards.userId, cards.wordId] });
  };

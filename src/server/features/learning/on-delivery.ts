import { sql } from "drizzle-orm";
import type { Clock } from "@server/platform/clock/clock";
import type { EventSubscriber } from "@server/platform/events/event-hook";
import type { DeliveredEvent } from "@server/platform/events/delivered";
import { pgArray } from "@server/db/raw";
import { cards } from "@server/db/schema";
import { newCard } from "@shared/rules/learning/fsrs";

/**
 * Every word delivered becomes the user's card, in the transaction that delivered it. A delivery is an
 * introduction, not a review (issue 22): the card is new, due at once, with no review log, until the learner's first
 * answer. A word the user already has a card for (a review, or a topic sent round again) keeps its card as it is.
 *
 * One statement over arrays: a dispatch batch raises hundreds of deliveries, and a multi-row VALUES list of every
 * card column cost more than the rest of the batch. The new card is the same for every delivery of the event.
 */
export const createCardsOnDelivery =
  (clock: Clock): EventSubscriber<DeliveredEvent> =>
  async (tx, event) => {
    if (event.deliveries.length === 0) return;
    const now = clock.now();
    const card = newCard(now);
    await tx.execute(sql`
      insert into ${cards} (user_id, word_id, topic_id, subscription_id, created_at, due, stability, difficulty,
                            elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, known_at)
      select v.user_id, v.word_id, v.topic_id, v.subscription_id, ${now}::timestamptz, ${card.due}::timestamptz,
             ${card.stability}::float8, ${card.difficulty}::float8, ${card.elapsedDays}::int,
             ${card.scheduledDays}::int, ${card.learningSteps}::int, ${card.reps}::int, ${card.lapses}::int,
             ${card.state}::text, ${card.lastReview}::timestamptz, null::timestamptz
      from unnest(${pgArray(event.deliveries.map((delivery) => delivery.userId))}::text[],
                  ${pgArray(event.deliveries.map((delivery) => delivery.wordId))}::int[],
                  ${pgArray(event.deliveries.map((delivery) => delivery.topicId))}::int[],
                  ${pgArray(event.deliveries.map((delivery) => delivery.subscriptionId))}::int[])
           as v(user_id, word_id, topic_id, subscription_id)
      on conflict (user_id, word_id) do nothing`);
  };

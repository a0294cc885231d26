import { and, desc, eq, gte, or, sql, type AnyColumn } from "drizzle-orm";
import type { Database } from "@server/db/client";
import { cards, reviewLogs, subscriptions } from "@server/db/schema";

/** The subscription a delivery came with, while it still sends: the send its word may come back with. */
export const stillSending = (subscriptionId: AnyColumn) =>
  and(eq(subscriptions.id, subscriptionId), subscriptions.active, eq(subscriptions.status, "active"));

/**
 * The word's latest grade that answered the delivery or came after it was sent (a correlated subquery over
 * review_logs_card_idx), given anywhere: through this delivery, on /review, by e-mail. So an answer anywhere shows on
 * every delivery of the word (a /review grade also answers the word's latest open delivery: see recordGrade).
 * A card never graded has no review log, and says so itself: recordGrade, the only writer of review logs, writes the
 * card's last_review in the same transaction, and nothing sets it back to null. So the subquery runs only for cards
 * graded at least once (most delivered words in the bell are not: on the poll's miss its probe was 17% of
 * PostgreSQL's CPU).
 */
export const latestGradeSince = (db: Database, delivery: { id: AnyColumn; sentAt: AnyColumn }) =>
  sql<string | null>`case when ${cards.lastReview} is not null then (${db
    .select({ grade: reviewLogs.grade })
    .from(reviewLogs)
    .where(
      and(
        eq(reviewLogs.cardId, cards.id),
        or(eq(reviewLogs.deliveryId, delivery.id), gte(reviewLogs.reviewedAt, delivery.sentAt)),
      ),
    )
    .orderBy(desc(reviewLogs.reviewedAt), desc(reviewLogs.id))
    .limit(1)}) end`;

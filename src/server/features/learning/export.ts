import { asc, eq } from "drizzle-orm";
import type { CardState, GradeChannel, ReviewLogEntry } from "@shared/rules/learning/fsrs";
import type { LearningGrade } from "@shared/constants";
import type { AppContext } from "@server/context";
import { cards, reviewLogs, topics, words } from "@server/db/schema";
import type { AnkiPackageCard } from "./anki-package";
import { toLearningCard } from "./cards";

/** A card with its word and every grade it had (oldest first): what the account export writes out. */
export interface ExportedCard extends AnkiPackageCard {
  cardId: number;
}

/** The user's cards, oldest first, each with its word and its review log: for review-log.csv and jargon.apkg. */
export async function learningHistoryOf(ctx: AppContext, userId: string): Promise<ExportedCard[]> {
  const [cardRows, logRows] = await Promise.all([
    ctx.db
      .select({
        card: cards,
        word: words.word,
        definition: words.definition,
        example: words.example,
        pronunciation: words.pronunciation,
        topicName: topics.displayName,
      })
      .from(cards)
      .innerJoin(words, eq(words.id, cards.wordId))
      .innerJoin(topics, eq(topics.id, cards.topicId))
      .where(eq(cards.userId, userId))
      .orderBy(asc(cards.createdAt), asc(cards.id)),
    ctx.db
      .select()
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, userId))
      .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id)),
  ]);
  const reviewsByCard = new Map<number, ReviewLogEntry[]>();
  for (const log of logRows) {
    const list = reviewsByCard.get(log.cardId) ?? [];
    // The columns' checks keep grade, states and channel to these names.
    list.push({
      grade: log.grade as LearningGrade,
      stateBefore: log.stateBefore as CardState,
      stateAfter: log.stateAfter as CardState,
      elapsedDays: log.elapsedDays,
      dueBefore: log.dueBefore,
      reviewedAt: log.reviewedAt,
      channel: log.channel as GradeChannel,
    });
    reviewsByCard.set(log.cardId, list);
  }
  return cardRows.map((row) => ({
    cardId: row.card.id,
    wordId: row.card.wordId,
    word: row.word,
    definition: row.definition,
    example: row.example,
    pronunciation: row.pronunciation,
    topicName: row.topicName,
    card: toLearningCard(row.card),
    reviews: reviewsByCard.get(row.card.id) ?? [],
  }));
}

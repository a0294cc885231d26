import { and, desc, eq, sql } from "drizzle-orm";
import type { Favorite } from "@shared/api/favorites";
import type { AppContext } from "@server/context";
import { deliveries, favorites, topics, words } from "@server/db/schema";
import { toWordContent, wordContentFields, type WordContentRow } from "@server/db/word-content";
import { notFound } from "@server/platform/errors/app-error";

interface FavoriteRow extends WordContentRow {
  created_at: Date;
}

const selectFavorites = (ctx: AppContext) =>
  ctx.db
    .select({ created_at: favorites.createdAt, ...wordContentFields })
    .from(favorites)
    .innerJoin(words, eq(words.id, favorites.wordId))
    .innerJoin(topics, eq(topics.id, words.topicId));

function toFavorite(row: FavoriteRow): Favorite {
  return {
    contentId: row.word_id,
    createdAt: row.created_at.toISOString(),
    content: toWordContent(row),
  };
}

export async function listFavorites(ctx: AppContext, userId: string): Promise<Favorite[]> {
  const rows = await selectFavorites(ctx)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.wordId));
  return rows.map(toFavorite);
}

/**
 * Saves a word the user has received (a word never delivered to them is not found). Idempotent: saving it again
 * answers the existing favorite, `created` false.
 */
export async function addFavorite(
  ctx: AppContext,
  userId: string,
  wordId: number,
): Promise<{ favorite: Favorite; created: boolean }> {
  // One statement: the favorite is inserted only if one of the user's deliveries carried the word.
  const inserted = await ctx.db
    .insert(favorites)
    .select(
      ctx.db
        .select({
          userId: deliveries.userId,
          wordId: deliveries.wordId,
          createdAt: sql<Date>`${ctx.clock.now()}::timestamptz`.as("created_at"),
        })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.wordId, wordId)))
        .limit(1),
    )
    .onConflictDoNothing()
    .returning({ wordId: favorites.wordId });
  const [row] = await selectFavorites(ctx).where(
    and(eq(favorites.userId, userId), eq(favorites.wordId, wordId)),
  );
  if (!row) throw notFound("Word not found");
  return { favorite: toFavorite(row), created: inserted.length > 0 };
}

export async function removeFavorite(ctx: AppContext, userId: string, wordId: number): Promise<void> {
  const removed = await ctx.db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.wordId, wordId)))
    .returning({ wordId: favorites.wordId });
  if (removed.length === 0) throw notFound("Favorite not found");
}

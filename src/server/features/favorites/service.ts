import { sql } from "drizzle-orm";
import type { Favorite } from "../../../shared/api/favorites";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/raw";
import { toWordContent, wordContentColumns, type WordContentRow } from "../../db/word-content";
import { notFound } from "../../platform/errors/app-error";

interface FavoriteRow extends WordContentRow {
  created_at: Date;
}

const selectFavorites = sql`select f.created_at, ${wordContentColumns}
                            from favorites f
                            join words w on w.id = f.word_id
                            join topics t on t.id = w.topic_id`;

function toFavorite(row: FavoriteRow): Favorite {
  return {
    contentId: row.word_id,
    createdAt: new Date(row.created_at).toISOString(),
    content: toWordContent(row),
  };
}

export async function listFavorites(ctx: AppContext, userId: string): Promise<Favorite[]> {
  const rows = await queryRows<FavoriteRow>(
    ctx.db,
    sql`${selectFavorites} where f.user_id = ${userId} order by f.created_at desc, f.word_id desc`,
  );
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
  const inserted = await queryRows<{ word_id: number }>(
    ctx.db,
    sql`insert into favorites (user_id, word_id, created_at)
        select ${userId}, ${wordId}, ${ctx.clock.now()}
        where exists (select 1 from deliveries d where d.user_id = ${userId} and d.word_id = ${wordId})
        on conflict do nothing
        returning word_id`,
  );
  const [row] = await queryRows<FavoriteRow>(
    ctx.db,
    sql`${selectFavorites} where f.user_id = ${userId} and f.word_id = ${wordId}`,
  );
  if (!row) throw notFound("Word not found");
  return { favorite: toFavorite(row), created: inserted.length > 0 };
}

export async function removeFavorite(ctx: AppContext, userId: string, wordId: number): Promise<void> {
  const removed = await queryRows<{ word_id: number }>(
    ctx.db,
    sql`delete from favorites where user_id = ${userId} and word_id = ${wordId} returning word_id`,
  );
  if (removed.length === 0) throw notFound("Favorite not found");
}

import { and, eq, gt, like, lte, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { limitCounters } from "../../db/schema";

type Db = Pick<AppContext, "db">;

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends and the count starts again. */
  windowEnd: Date;
}

/** The fixed window `at` falls in: windows of `windowMs` counted from the epoch (a day window is a UTC day). */
export function fixedWindow(at: Date, windowMs: number): { start: Date; end: Date } {
  const start = Math.floor(at.getTime() / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/**
 * Counts one hit on `key` in its current window and returns the count, in one atomic statement: every instance on
 * the database counts into the same row, so N instances enforce one limit, not N. A row left from an earlier
 * window starts again at 1; a hit from an instance whose clock lags a little counts into the newer window.
 */
export async function countHit(ctx: Db, key: string, windowMs: number, at: Date): Promise<WindowCount> {
  const { start, end } = fixedWindow(at, windowMs);
  const [row] = await ctx.db
    .insert(limitCounters)
    .values({ key, windowStart: start, windowEnd: end, hits: 1 })
    .onConflictDoUpdate({
      target: limitCounters.key,
      set: {
        hits: sql`case when ${limitCounters.windowStart} >= excluded.window_start then ${limitCounters.hits} + 1 else 1 end`,
        windowStart: sql`greatest(${limitCounters.windowStart}, excluded.window_start)`,
        windowEnd: sql`greatest(${limitCounters.windowEnd}, excluded.window_end)`,
      },
    })
    .returning({ hits: limitCounters.hits, windowEnd: limitCounters.windowEnd });
  if (!row) throw new Error(`limit counter ${key}: upsert returned nothing`);
  return row;
}

/** The hits counted on `key` in the window `at` falls in (0 when none), without counting one. */
export async function readHits(ctx: Db, key: string, windowMs: number, at: Date): Promise<WindowCount> {
  const { start, end } = fixedWindow(at, windowMs);
  const [row] = await ctx.db
    .select({ hits: limitCounters.hits, windowEnd: limitCounters.windowEnd })
    .from(limitCounters)
    .where(
      and(eq(limitCounters.key, key), lte(limitCounters.windowStart, start), gt(limitCounters.windowEnd, at)),
    );
  return row ?? { hits: 0, windowEnd: end };
}

/** Every counter whose key starts with `prefix` and that is counting in the window `at` falls in. */
export async function readHitsByPrefix(
  ctx: Db,
  prefix: string,
  windowMs: number,
  at: Date,
): Promise<{ key: string; hits: number }[]> {
  const { start } = fixedWindow(at, windowMs);
  return ctx.db
    .select({ key: limitCounters.key, hits: limitCounters.hits })
    .from(limitCounters)
    .where(
      and(
        like(limitCounters.key, `${prefix.replace(/[\\%_]/g, "\\$&")}%`),
        lte(limitCounters.windowStart, start),
        gt(limitCounters.windowEnd, at),
      ),
    )
    .orderBy(limitCounters.key);
}

import { eq } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { billingEvents } from "@server/db/schema";

/** Records a once-only action; false when it was already recorded (then the caller skips it). */
export async function recordOnce(
  ctx: AppContext,
  userId: string,
  dedupeKey: string,
  type: string,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(billingEvents)
    .values({ userId, type, dedupeKey, details, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

export async function forgetOnce(ctx: AppContext, dedupeKey: string): Promise<void> {
  await ctx.db.delete(billingEvents).where(eq(billingEvents.dedupeKey, dedupeKey));
}

/** Whether a once-only action was recorded (the admin's refund button reads it before offering a refund). */
export async function isRecorded(ctx: AppContext, dedupeKey: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.dedupeKey, dedupeKey));
  return row !== undefined;
}

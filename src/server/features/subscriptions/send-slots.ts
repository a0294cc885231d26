import { and, eq } from "drizzle-orm";
import { nextSlotAfter, type SendWindowOwner } from "@shared/rules/send-window";
import type { Transaction } from "@server/db/raw";
import { subscriptions } from "@server/db/schema";

/**
 * Re-plans the next slot of each of the user's running subscriptions from `now`, after a change of their quiet
 * hours, pause or day start (in the caller's transaction, so the change and the new slots commit together).
 */
export async function replanRunningSubscriptions(
  tx: Transaction,
  userId: string,
  user: SendWindowOwner,
  now: Date,
): Promise<void> {
  const running = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.active, true),
        eq(subscriptions.status, "active"),
      ),
    );
  for (const row of running) {
    await tx
      .update(subscriptions)
      .set({ nextDeliveryAt: nextSlotAfter(row, user, now), updatedAt: now })
      .where(eq(subscriptions.id, row.id));
  }
}

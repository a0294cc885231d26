import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { deliveries, deliverySends, subscriptions } from "@server/db/schema";
import { dispatchAllDue } from "./scheduler";
import { sendNow } from "./sender";

/**
 * Delivers the next word of these subscriptions now, by every channel they have on, through the engine's own path:
 * the subscriptions become due at this instant and the dispatcher gives the slot (one delivery per (subscription,
 * slot), sends queued in the outbox, the delivered event) and schedules the next one; then this user's queued sends
 * go out through the outbox's lease, so a sender job running at the same moment cannot send one twice.
 * Returns how many deliveries were made.
 */
export async function deliverNow(
  ctx: AppContext,
  userId: string,
  subscriptionIds: number[],
): Promise<number> {
  if (subscriptionIds.length === 0) return 0;
  const now = ctx.clock.now();
  await ctx.db
    .update(subscriptions)
    .set({ nextDeliveryAt: now })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.id, subscriptionIds),
        eq(subscriptions.active, true),
        eq(subscriptions.status, "active"),
      ),
    );
  const { delivered } = await dispatchAllDue(ctx, { onlyUserId: userId });
  const pending = await ctx.db
    .select({ deliveryId: deliverySends.deliveryId, channel: deliverySends.channel })
    .from(deliverySends)
    .innerJoin(deliveries, eq(deliveries.id, deliverySends.deliveryId))
    .where(
      and(eq(deliveries.userId, userId), eq(deliveries.slotAt, now), eq(deliverySends.status, "pending")),
    )
    .orderBy(deliverySends.deliveryId);
  for (const send of pending) {
    const channel = ctx.channels.get(send.channel);
    if (channel) await sendNow(ctx, channel, send.deliveryId);
  }
  return delivered;
}

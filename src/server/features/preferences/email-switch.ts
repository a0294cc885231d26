import { and, eq, inArray } from "drizzle-orm";
import { NO_ACTIVE_SELECTED_MESSAGE } from "@shared/api/preferences";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import { subscriptions, users } from "@server/db/schema";
import {
  channelOnSql,
  channelSwitchesOf,
  setChannelSwitches,
} from "@server/platform/channels/subscription-channels";
import { notFound, unprocessable } from "@server/platform/errors/app-error";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** plans-billing §3: only switched-on, unpaused subscriptions take part in bulk e-mail changes. */
const isEligible = (row: Pick<SubscriptionRow, "active" | "status">) => row.active && row.status === "active";

/** E-mail on keeps in-app as it was; e-mail off always leaves in-app on, so nothing stops arriving. */
const EMAIL_ON = { email: true } as const;
const EMAIL_OFF = { email: false, in_app: true } as const;
const emailOnMethod = (inAppOn: boolean) => (inAppOn ? "both" : "email");

async function lockUser(tx: Transaction, userId: string): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw notFound("User not found");
}

/** The stored preference after a change: on while any eligible subscription still e-mails. */
async function storeEmailPreference(tx: Transaction, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .select({ active: subscriptions.active, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), channelOnSql(subscriptions.id, "email")));
  const emailNotifications = rows.some(isEligible);
  await tx.update(users).set({ emailNotifications, updatedAt: now }).where(eq(users.id, userId));
  return emailNotifications;
}

export interface EmailSwitchResult {
  updated: number;
  emailNotifications: boolean;
}

/**
 * Turns e-mail on or off for the chosen subscriptions, in one transaction. Every id must be the caller's: an id
 * of another user (or one that does not exist) rejects the whole request with 404 and changes nothing. Selected
 * subscriptions that are off or paused are skipped; when none is eligible the answer is 422.
 */
export async function setSubscriptionEmails(
  ctx: AppContext,
  userId: string,
  subscriptionIds: number[],
  enableEmail: boolean,
): Promise<EmailSwitchResult> {
  const ids = [...new Set(subscriptionIds)];
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.id, ids)));
    if (rows.length !== ids.length) throw notFound("Subscription not found");
    const eligible = rows.filter(isEligible);
    if (eligible.length === 0) throw unprocessable(NO_ACTIVE_SELECTED_MESSAGE, "NO_ACTIVE_SUBSCRIPTIONS");
    const now = ctx.clock.now();
    const switches = await channelSwitchesOf(
      tx,
      eligible.map((row) => row.id),
    );
    let updated = 0;
    for (const row of eligible) {
      const current = switches.get(row.id)!;
      if (current.email === enableEmail && (enableEmail || row.deliveryMethod === "in_app")) continue;
      await setChannelSwitches(tx, [row.id], enableEmail ? EMAIL_ON : EMAIL_OFF, now);
      await tx
        .update(subscriptions)
        .set({ deliveryMethod: enableEmail ? emailOnMethod(current.in_app) : "in_app", updatedAt: now })
        .where(eq(subscriptions.id, row.id));
      updated += 1;
    }
    return { updated, emailNotifications: await storeEmailPreference(tx, userId, now) };
  });
}

/** 'Disable Email': every subscription of the caller goes in-app only, and the preference goes off. */
export async function disableAllEmail(ctx: AppContext, userId: string): Promise<EmailSwitchResult> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const now = ctx.clock.now();
    const changed = await tx
      .update(subscriptions)
      .set({ deliveryMethod: "in_app", updatedAt: now })
      .where(and(eq(subscriptions.userId, userId), channelOnSql(subscriptions.id, "email")))
      .returning({ id: subscriptions.id });
    await setChannelSwitches(
      tx,
      changed.map((row) => row.id),
      EMAIL_OFF,
      now,
    );
    await tx.update(users).set({ emailNotifications: false, updatedAt: now }).where(eq(users.id, userId));
    return { updated: changed.length, emailNotifications: false };
  });
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PushDevice, PushSubscriptionRequest } from "@shared/api/push";
import { PUSH_MAX_DEVICES_PER_USER } from "@shared/constants";
import type { AppContext } from "@server/context";
import { pushSubscriptions } from "@server/db/schema";
import { conflict } from "@server/platform/errors/app-error";

export const PUSH_ENDPOINT_TAKEN_MESSAGE =
  "This device receives another account's notifications. Turn push off and on again in this browser.";

type Db = Pick<AppContext, "db">;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  device: row.userAgent,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

/**
 * Stores this browser's subscription for `userId`. The endpoint is the browser's, not the account's: the same
 * endpoint again (a re-subscribe, new keys) updates the row. From another account it moves there only with the
 * same keys, which only that browser holds (the person now signed in on it will see its notifications); an
 * endpoint alone, copied from someone else, moves nothing (409).
 */
export async function savePushSubscription(
  ctx: Db,
  userId: string,
  subscription: PushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<{ device: PushDevice; created: boolean }> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: deviceLabel(userAgent),
  };
  return ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({
        userId: pushSubscriptions.userId,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint))
      .for("update");
    const created = previous?.userId !== userId;
    const sameBrowser = previous?.p256dh === values.p256dh && previous.auth === values.auth;
    if (previous && created && !sameBrowser)
      throw conflict(PUSH_ENDPOINT_TAKEN_MESSAGE, "PUSH_ENDPOINT_TAKEN");
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // A row that moves to another person starts afresh for them.
        set: created ? { ...values, createdAt: sql`now()`, lastSuccessAt: null } : values,
      })
      .returning();
    if (!row) throw new Error("push subscription upsert returned nothing");
    // Every stored device receives every push: keep the list bounded by forgetting the longest-registered ones.
    const devices = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const excess = devices.slice(0, Math.max(0, devices.length - PUSH_MAX_DEVICES_PER_USER));
    if (excess.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          excess.map((device) => device.id),
        ),
      );
    }
    return { device: toDevice(row), created };
  });
}

/** Forgets the caller's subscription with this endpoint; another person's is left alone (and nothing says so). */
export async function deletePushSubscription(ctx: Db, userId: string, endpoint: string): Promise<void> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Every browser of `userId` that receives push. */
export async function listPushSubscriptions(ctx: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

/** The push service said this subscription is gone (404/410). */
export async function removeExpiredPushSubscription(ctx: Db, id: number): Promise<void> {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markPushSuccess(ctx: Db, id: number, at: Date): Promise<void> {
  await ctx.db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * "Chrome on Android": enough for a person to tell their devices apart, and all we keep of the User-Agent
 * header (the whole string is a fingerprint we have no use for).
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return null;
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? null);
}

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext, RecentActivityStore } from "@server/context";
import type { DatabaseHandle } from "@server/db/client";
import type { Executor } from "@server/db/raw";
import type { EventSubscriber } from "@server/platform/events/event-hook";
import type { DeliveredEvent } from "@server/platform/events/delivered";
import type { RecentActivityCache } from "./recent-activity-cache";

/** PostgreSQL channel on which a process names the users whose notification lists or sessions it changed. */
export const RECENT_ACTIVITY_CHANNEL = "jargon_recent_activity";
/**
 * The payload the library's trigger sends on the channel (migration 0026) when a word or topic is written, by
 * whoever writes it: every cached list may show that text, so each process drops them all.
 */
export const LIBRARY_CHANGED_PAYLOAD = "library";
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7500;

const userIdsPayload = z.array(z.string());

/** Keeps `cache` in step with every process's changes (including this one's, which it has already applied). */
export function listenForRecentActivityChanges(
  database: DatabaseHandle,
  cache: RecentActivityCache,
): Promise<() => Promise<void>> {
  return database.listen(RECENT_ACTIVITY_CHANNEL, {
    onMessage(payload) {
      if (payload === LIBRARY_CHANGED_PAYLOAD) return cache.clear();
      const userIds = parseUserIds(payload);
      // Unreadable news of a change still means something changed: drop everything rather than serve it stale.
      if (userIds) cache.invalidateUsers(userIds);
      else cache.clear();
    },
    onListening: (listening) => cache.setListening(listening),
  });
}

/**
 * Drops the users' cached notification lists in this process at once and, through the channel, in every other
 * one. Call it after the change has committed. The change stands even if the notification cannot be sent; other
 * processes then serve the old list until their cache entries expire.
 */
export async function invalidateRecentActivity(ctx: AppContext, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  ctx.recentActivity.invalidateUsers(ids);
  try {
    await announceRecentActivityChange(ctx.db, ids);
  } catch (error) {
    ctx.log.warn(
      { err: error, users: ids.length },
      "could not tell other processes about changed notifications",
    );
  }
}

/**
 * Tells every process (this one included) that these users' lists changed. Inside a transaction the notification
 * is sent when, and only if, it commits: the change and its announcement cannot be parted by a crash.
 */
export async function announceRecentActivityChange(db: Executor, userIds: Iterable<string>): Promise<void> {
  for (const payload of payloads([...new Set(userIds)])) {
    await db.execute(sql`select pg_notify(${RECENT_ACTIVITY_CHANNEL}, ${payload})`);
  }
}

/**
 * The notification lists' part in a delivery: in the delivering transaction, the announcement to every process
 * (sent only if it commits); after the commit, this process's cache entries of the users who got an in-app word.
 */
export function refreshRecentActivityOnDelivery(cache: RecentActivityStore): EventSubscriber<DeliveredEvent> {
  return async (tx, event, afterCommit) => {
    const userIds = [...new Set(event.deliveries.filter((item) => item.inApp).map((item) => item.userId))];
    if (userIds.length === 0) return;
    await announceRecentActivityChange(tx, userIds);
    afterCommit(() => cache.invalidateUsers(userIds));
  };
}

function parseUserIds(payload: string): string[] | undefined {
  try {
    const parsed = userIdsPayload.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The ids as JSON arrays, each small enough for one NOTIFY. */
function payloads(ids: string[]): string[] {
  const arrays: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const id of ids) {
    const size = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (current.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      arrays.push(JSON.stringify(current));
      current = [];
      bytes = 2;
    }
    current.push(id);
    bytes += size;
  }
  if (current.length > 0) arrays.push(JSON.stringify(current));
  return arrays;
}

import { type SQL, type SQLWrapper, and, eq, inArray, sql } from "drizzle-orm";
import { CHANNEL_NAMES, type ChannelName } from "@shared/channels";
import type { Database } from "@server/db/client";
import { subscriptionChannels } from "@server/db/schema";

/**
 * A subscription's channel switches (issue 26), stored as `subscription_channels` rows, one per channel. This module
 * is the only reader and writer of that table: features ask it which channels are on and set them, and never name a
 * channel's switch themselves. A channel with no row is off, so a channel added to the registry starts off everywhere.
 */
export type ChannelSwitches = Readonly<Record<ChannelName, boolean>>;

type Reader = Pick<Database, "select">;
type Writer = Pick<Database, "insert">;

/** Every registered channel off: the base a subscription's rows are laid over. */
export const ALL_CHANNELS_OFF: ChannelSwitches = Object.fromEntries(
  CHANNEL_NAMES.map((name) => [name, false]),
) as Record<ChannelName, boolean>;

/** The switches of each of `subscriptionIds` (one query, whatever their number); an unknown id maps to all off. */
export async function channelSwitchesOf(
  db: Reader,
  subscriptionIds: readonly number[],
): Promise<Map<number, ChannelSwitches>> {
  const switches = new Map<number, Record<ChannelName, boolean>>(
    subscriptionIds.map((id) => [id, { ...ALL_CHANNELS_OFF }]),
  );
  if (subscriptionIds.length === 0) return switches;
  const rows = await db
    .select({
      subscriptionId: subscriptionChannels.subscriptionId,
      channel: subscriptionChannels.channel,
      enabled: subscriptionChannels.enabled,
    })
    .from(subscriptionChannels)
    .where(inArray(subscriptionChannels.subscriptionId, [...subscriptionIds]));
  for (const row of rows) {
    const own = switches.get(row.subscriptionId);
    if (own) own[row.channel] = row.enabled;
  }
  return switches;
}

/** One subscription's switches. */
export async function channelSwitchesOfOne(db: Reader, subscriptionId: number): Promise<ChannelSwitches> {
  return (await channelSwitchesOf(db, [subscriptionId])).get(subscriptionId)!;
}

/**
 * Sets the channels named in `switches` on each of `subscriptionIds` (one statement); channels not named keep their
 * row. A row's `updated_at` moves only when its switch actually changes.
 */
export async function setChannelSwitches(
  db: Writer,
  subscriptionIds: readonly number[],
  switches: Partial<ChannelSwitches>,
  now: Date,
): Promise<void> {
  const named = Object.entries(switches).filter(
    (entry): entry is [ChannelName, boolean] => typeof entry[1] === "boolean",
  );
  if (subscriptionIds.length === 0 || named.length === 0) return;
  await db
    .insert(subscriptionChannels)
    .values(
      subscriptionIds.flatMap((subscriptionId) =>
        named.map(([channel, enabled]) => ({
          subscriptionId,
          channel,
          enabled,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: [subscriptionChannels.subscriptionId, subscriptionChannels.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${subscriptionChannels.enabled} is distinct from excluded.enabled`,
    });
}

/**
 * True in SQL when `channel` is on for the subscription `subscriptionId` names (a column or expression of the outer
 * query): a primary-key probe, so the dispatcher's and sender's set-based queries stay one statement.
 */
export const channelOnSql = (subscriptionId: SQLWrapper, channel: ChannelName): SQL =>
  sql`exists (select 1 from ${subscriptionChannels}
              where ${subscriptionChannels.subscriptionId} = ${subscriptionId}
                and ${subscriptionChannels.channel} = ${channel} and ${subscriptionChannels.enabled})`;

/**
 * The rows (subscription_id, channel) of every switch that is on among `channels`, for a set-based query to join:
 * `join ${enabledChannelRowsSql(…)} sc on sc.subscription_id = …`.
 */
export const enabledChannelRowsSql = (channels: readonly ChannelName[]): SQL =>
  sql`(select ${subscriptionChannels.subscriptionId} as subscription_id, ${subscriptionChannels.channel} as channel
       from ${subscriptionChannels}
       where ${and(eq(subscriptionChannels.enabled, true), inArray(subscriptionChannels.channel, [...channels]))})`;

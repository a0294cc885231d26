import { CHANNELS, channelLabel, type ChannelName } from "@shared/channels";

/** "Email & In-app", "Email & SMS", "Email, SMS & Push"…: the registry's labels, joined. */
export function channelsText(channels: readonly ChannelName[]): string {
  const labels = channels.map(channelLabel);
  return labels.length < 2 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} & ${labels.at(-1)}`;
}

/** The channels switched on, in the registry's order, from a subscription's `channels` list. */
export const enabledChannels = (switches: readonly { channel: string; enabled: boolean }[]): ChannelName[] =>
  CHANNELS.filter((declaration) =>
    switches.some((entry) => entry.enabled && entry.channel === declaration.name),
  ).map((declaration) => declaration.name);

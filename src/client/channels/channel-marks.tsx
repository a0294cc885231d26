import { CHANNELS, channelDeclaration, channelLabel, type ChannelName } from "@shared/channels";
import { Badge } from "@client/components/ui/badge";
import { channelIcon } from "./channel-icon";

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

/** One small icon per channel (History's entries, the downgrade chooser), each hidden: the text beside names them. */
export function ChannelIcons({ channels }: { channels: readonly ChannelName[] }) {
  return channels.map((name) => {
    const Icon = channelIcon(channelDeclaration(name));
    return <Icon key={name} className="size-3.5" aria-hidden data-channel-icon={name} />;
  });
}

/** A subscription card's badges: one per channel switched on, with its icon and label. */
export function ChannelBadges({ channels }: { channels: readonly ChannelName[] }) {
  return channels.map((name) => {
    const declaration = channelDeclaration(name);
    const Icon = channelIcon(declaration);
    return (
      <Badge key={name} variant="secondary">
        <Icon aria-hidden /> {declaration.label}
      </Badge>
    );
  });
}

import Bell from "lucide-react/icons/bell";
import Mail from "lucide-react/icons/mail";
import MessageSquareText from "lucide-react/icons/message-square-text";
import Send from "lucide-react/icons/send";
import Smartphone from "lucide-react/icons/smartphone";
import type { LucideIcon } from "lucide-react";
import { channelDeclaration, type ChannelDeclaration, type ChannelName } from "@shared/channels";
import { Badge } from "@client/components/ui/badge";

/** The lucide component for each icon name the shared registry may declare. */
const ICONS: Record<ChannelDeclaration["icon"], LucideIcon> = {
  mail: Mail,
  bell: Bell,
  smartphone: Smartphone,
  "message-square": MessageSquareText,
  send: Send,
};

export const channelIcon = (declaration: Pick<ChannelDeclaration, "icon">): LucideIcon =>
  ICONS[declaration.icon];

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

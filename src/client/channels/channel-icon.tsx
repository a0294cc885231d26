import { Bell, Mail, MessageSquareText, Send, Smartphone, type LucideIcon } from "lucide-react";
import type { ChannelDeclaration } from "@shared/channels";

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

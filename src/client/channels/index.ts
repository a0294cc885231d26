/*
 * The channels' light public face (issue 26): how a channel looks wherever a word's or a subscription's channels are
 * shown (History, the subscription cards, the downgrade chooser), all from the shared registry. Its switches and
 * Settings panels are the other entry, ./controls, loaded only by the screens that edit them.
 */
export { ChannelBadges, ChannelIcons } from "./channel-marks";
export { channelsText, enabledChannels } from "./channel-text";

/*
 * The channels' editing face (issue 26): the client's registry of channel controls, one entry per channel of the
 * shared registry (the Record's type fails the build for a channel without one), in the shared registry's order.
 * The subscription form, onboarding and Settings read it; none lists channels by hand.
 */
export { SWITCH_CHANNELS } from "./registry";
export { startingSwitch, type ChannelControls, type ChannelLink, type SwitchChannel } from "./channel";
export { ChannelSwitches } from "./channel-switches";
export { ChannelSettingsPanels } from "./channel-settings-panels";

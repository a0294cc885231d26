import { SWITCH_CHANNELS } from "./registry";

/** Settings → Notifications: each channel's own section, for the channels that have one, in the registry's order. */
export function ChannelSettingsPanels() {
  return SWITCH_CHANNELS.map(({ declaration, controls: { SettingsPanel } }) =>
    SettingsPanel ? <SettingsPanel key={declaration.name} /> : null,
  );
}

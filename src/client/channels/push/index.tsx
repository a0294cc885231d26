import type { ChannelControls, ChannelLink } from "../channel";
import { PushDeviceHelp } from "./push-device-switch";
import { PushSettingsPanel } from "./settings-panel";
import { usePushOnThisDevice } from "./use-push-on-this-device";

/**
 * Push reaches the browsers the learner turned it on in: this one can be linked from the switch itself (turning it
 * on asks for permission and registers the browser), unless it cannot receive push or notifications are blocked.
 */
function usePushLink(): ChannelLink {
  const push = usePushOnThisDevice();
  return {
    ready: push.permission !== "unsupported" && push.permission !== "denied",
    howToLink: <PushDeviceHelp push={push} />,
    offered: true,
    pending: push.pending,
    beforeTurnOn: async () => push.subscribed === true || push.enable(),
  };
}

/** Off for a new subscription: turning it on asks the browser's permission, which only the learner should trigger. */
export const pushControls: ChannelControls = {
  switchLabel: "Push notifications",
  hint: "On your devices' lock screen, even with Jargon closed",
  startsOn: "off",
  useLink: usePushLink,
  SettingsPanel: PushSettingsPanel,
};

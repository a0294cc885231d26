/** One entry of client controls per channel of the shared registry, in its order. */
import { CHANNELS, type ChannelName } from "@shared/channels";
import type { ChannelControls, SwitchChannel } from "./channel";
import { emailControls } from "./email";
import { inAppControls } from "./in-app";
import { pushControls } from "./push";
import { smsControls } from "./sms";
import { telegramControls } from "./telegram";

const CONTROLS: Record<ChannelName, ChannelControls> = {
  email: emailControls,
  in_app: inAppControls,
  sms: smsControls,
  push: pushControls,
  telegram: telegramControls,
};

export const SWITCH_CHANNELS: readonly SwitchChannel[] = CHANNELS.map((declaration) => ({
  declaration,
  controls: CONTROLS[declaration.name],
}));

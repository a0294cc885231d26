import type { ChannelControls } from "../channel";

/** In-app needs no linking. Off for a new subscription (learner-core §5: e-mail on, in-app off). */
export const inAppControls: ChannelControls = {
  switchLabel: "In-app notifications",
  hint: "A word under the bell in Jargon",
  startsOn: "off",
};

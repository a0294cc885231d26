import type { ChannelControls } from "../channel";

/** E-mail needs no linking: the account's address. On for a new subscription (learner-core §5). */
export const emailControls: ChannelControls = {
  hint: "A word in your inbox",
  startsOn: "on",
};

/** What other features use of push: the delivery engine registers the channel. */
export { createPushChannel, NO_PUSH_DEVICE_MESSAGE, type PushChannelContext } from "./channel";

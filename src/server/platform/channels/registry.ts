import type { DeliveryChannel, SendChannelName } from "./delivery-channel";

/** Every send channel this process can deliver through, by name (AppContext.channels; built in bootstrap.ts). */
export type ChannelRegistry = ReadonlyMap<SendChannelName, DeliveryChannel>;

/** The registry of `channels`; a later channel of the same name replaces an earlier one (tests swap providers). */
export function channelRegistry(channels: readonly DeliveryChannel[]): ChannelRegistry {
  return new Map(channels.map((channel) => [channel.name, channel]));
}

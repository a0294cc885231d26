import { alias } from "drizzle-orm/pg-core";
import { subscriptions } from "@server/db/schema";
import type { SendChannelName } from "@server/platform/channels/delivery-channel";

/** The subscription as the dispatcher's and the sender's queries name it (`subscriptions s`). */
export const SWITCHED_SUBSCRIPTION = alias(subscriptions, "s");

/**
 * Each send channel's switch on the subscription (a column of the subscription aliased `s`): dispatch queues a send
 * when it is on, and the sender sends only if it is still on.
 */
export const SUBSCRIPTION_SWITCH = {
  email: SWITCHED_SUBSCRIPTION.emailEnabled,
  sms: SWITCHED_SUBSCRIPTION.smsEnabled,
  push: SWITCHED_SUBSCRIPTION.pushEnabled,
} satisfies Record<SendChannelName, unknown>;

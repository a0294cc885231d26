import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { subscriptions, telegramChats } from "@server/db/schema";
import type { SendChannelName } from "@server/platform/channels/delivery-channel";

/** The subscription as the dispatcher's and the sender's queries name it (`subscriptions s`). */
export const SWITCHED_SUBSCRIPTION = alias(subscriptions, "s");

/**
 * Each send channel's switch on the subscription (a column of the subscription aliased `s`): dispatch queues a send
 * when it is on, and the sender sends only if it is still on. Telegram's is on for every subscription of a learner
 * with a linked chat until the switches become rows of `subscription_channels` (issue 26, branch h6-rows).
 */
export const SUBSCRIPTION_SWITCH = {
  email: SWITCHED_SUBSCRIPTION.emailEnabled,
  sms: SWITCHED_SUBSCRIPTION.smsEnabled,
  push: SWITCHED_SUBSCRIPTION.pushEnabled,
  telegram: sql<boolean>`exists (select 1 from ${telegramChats} where ${telegramChats.userId} = ${SWITCHED_SUBSCRIPTION.userId})`,
} satisfies Record<SendChannelName, unknown>;

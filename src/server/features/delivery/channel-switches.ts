import { sql, type SQL } from "drizzle-orm";
import type { SendChannelName } from "../../platform/channels/delivery-channel";

/**
 * Each send channel's switch on the subscription, as SQL over a subscription aliased `s`: dispatch queues a send
 * when it is on, and the sender sends only if it is still on.
 */
export const SUBSCRIPTION_SWITCH: Record<SendChannelName, SQL> = {
  email: sql`s.email_enabled`,
  sms: sql`s.sms_enabled`,
  push: sql`s.push_enabled`,
};

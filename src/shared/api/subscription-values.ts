// The subscriptions contract's plain values, without zod: the client imports them from here, so a screen that needs
// only a constant does not download the validation library (issue 25). subscriptions.ts re-exports them for the
// server.

export const SELECT_TOPIC_MESSAGE = "Please select a topic";
export const SELECT_DELIVERY_METHOD_MESSAGE = "Please select at least one delivery method";

/** Every plan-limit code: a full plan, a starred frequency, SMS, more words per send than allowed. */
export const PLAN_LIMIT_ERROR_CODES = [
  "SUBSCRIPTION_LIMIT_REACHED",
  "FREQUENCY_NOT_ALLOWED",
  "CHANNEL_NOT_ALLOWED",
  "WORDS_PER_SEND_NOT_ALLOWED",
] as const;

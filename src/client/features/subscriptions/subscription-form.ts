import type { CreateSubscriptionRequest, Subscription } from "@shared/api/subscriptions";
import { SELECT_DELIVERY_METHOD_MESSAGE, SELECT_TOPIC_MESSAGE } from "@shared/api/subscription-values";
import {
  DEFAULT_DELIVERY_TIME,
  DEFAULT_SUBSCRIPTION_LEVEL,
  WORDS_PER_SEND_DEFAULT,
  type Frequency,
  type WordLevel,
} from "@shared/constants";
import { deliveryMethodFor, hasDeliveryTime } from "@shared/rules/frequencies";

/** What the modal's second step edits. */
export interface SubscriptionFormValues {
  topicId: number | null;
  frequency: Frequency;
  emailEnabled: boolean;
  inAppEnabled: boolean;
  /** Our channels beyond the spec's two (issue 15): a text to the verified number, a push to the user's devices. */
  smsEnabled: boolean;
  pushEnabled: boolean;
  deliveryTime: string;
  /** The library level delivered first (our addition to the spec's form; Professional by default). */
  level: WordLevel;
  /** Issue 16 (ours): words in one send, due reviews first, then new words; capped by the plan. */
  wordsPerSend: number;
}

/** learner-core §5: e-mail on, in-app off, daily, 09:00. */
export function initialFormValues(subscription?: Subscription, topicId?: number): SubscriptionFormValues {
  if (subscription) {
    return {
      topicId: subscription.topicId,
      frequency: subscription.frequency,
      emailEnabled: subscription.emailEnabled,
      inAppEnabled: subscription.inAppEnabled,
      smsEnabled: subscription.smsEnabled,
      pushEnabled: subscription.pushEnabled,
      deliveryTime: subscription.deliveryTime,
      level: subscription.level,
      wordsPerSend: subscription.wordsPerSend,
    };
  }
  return {
    topicId: topicId ?? null,
    frequency: "daily",
    emailEnabled: true,
    inAppEnabled: false,
    smsEnabled: false,
    pushEnabled: false,
    deliveryTime: DEFAULT_DELIVERY_TIME,
    level: DEFAULT_SUBSCRIPTION_LEVEL,
    wordsPerSend: WORDS_PER_SEND_DEFAULT,
  };
}

/** Choosing a frequency without a delivery time puts the time back to 09:00 (learner-core §4). */
export function withFrequency(values: SubscriptionFormValues, frequency: Frequency): SubscriptionFormValues {
  return {
    ...values,
    frequency,
    deliveryTime: hasDeliveryTime(frequency) ? values.deliveryTime : DEFAULT_DELIVERY_TIME,
  };
}

export type FormCheck =
  | { ok: true; request: CreateSubscriptionRequest }
  | { ok: false; message: string; field: "topic" | "channels" };

/** The request body the form sends, or the spec's message for what is missing. */
export function toSubscriptionRequest(values: SubscriptionFormValues): FormCheck {
  if (values.topicId === null) return { ok: false, message: SELECT_TOPIC_MESSAGE, field: "topic" };
  // SMS or push alone is a valid choice; the spec's field then reads in_app (the server does the same).
  const deliveryMethod =
    deliveryMethodFor(values.emailEnabled, values.inAppEnabled) ??
    (values.smsEnabled || values.pushEnabled ? "in_app" : null);
  if (deliveryMethod === null) {
    return { ok: false, message: SELECT_DELIVERY_METHOD_MESSAGE, field: "channels" };
  }
  return {
    ok: true,
    request: {
      topicId: values.topicId,
      frequency: values.frequency,
      deliveryMethod,
      emailEnabled: values.emailEnabled,
      inAppEnabled: values.inAppEnabled,
      smsEnabled: values.smsEnabled,
      pushEnabled: values.pushEnabled,
      deliveryTime: hasDeliveryTime(values.frequency) ? values.deliveryTime : DEFAULT_DELIVERY_TIME,
      level: values.level,
      wordsPerSend: values.wordsPerSend,
    },
  };
}

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
import { startingSwitch, SWITCH_CHANNELS, type SwitchChannel } from "@client/channels/controls";

/** What the modal's second step edits. */
export interface SubscriptionFormValues {
  topicId: number | null;
  frequency: Frequency;
  /**
   * Each channel's switch by name (issue 26: the registry's channels, the spec's e-mail and in-app among them). A
   * channel whose starting switch waits for its link (Telegram) is absent until the switch list settles it; absent
   * is sent as off.
   */
  channels: Readonly<Record<string, boolean>>;
  deliveryTime: string;
  /** The library level delivered first (our addition to the spec's form; Professional by default). */
  level: WordLevel;
  /** Issue 16 (ours): words in one send, due reviews first, then new words; capped by the plan. */
  wordsPerSend: number;
}

/** The switches a new subscription starts with that need no link to know (each channel's `startsOn`). */
export function startingSwitches(
  channels: readonly SwitchChannel[] = SWITCH_CHANNELS,
): Record<string, boolean> {
  const switches: Record<string, boolean> = {};
  for (const { declaration, controls } of channels) {
    const starting = startingSwitch(controls.startsOn, null);
    if (starting !== null) switches[declaration.name] = starting;
  }
  return switches;
}

/** learner-core §5: e-mail on, in-app off, daily, 09:00; the other channels as the registry starts them. */
export function initialFormValues(subscription?: Subscription, topicId?: number): SubscriptionFormValues {
  if (subscription) {
    return {
      topicId: subscription.topicId,
      frequency: subscription.frequency,
      channels: Object.fromEntries(subscription.channels.map(({ channel, enabled }) => [channel, enabled])),
      deliveryTime: subscription.deliveryTime,
      level: subscription.level,
      wordsPerSend: subscription.wordsPerSend,
    };
  }
  return {
    topicId: topicId ?? null,
    frequency: "daily",
    channels: startingSwitches(),
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

/**
 * The request body the form sends, or the spec's message for what is missing: the spec's fields (deliveryMethod,
 * emailEnabled, inAppEnabled) and every registered channel's switch in the `channels` list.
 */
export function toSubscriptionRequest(
  values: SubscriptionFormValues,
  channels: readonly SwitchChannel[] = SWITCH_CHANNELS,
): FormCheck {
  if (values.topicId === null) return { ok: false, message: SELECT_TOPIC_MESSAGE, field: "topic" };
  const switches = channels.map(({ declaration }) => ({
    channel: declaration.name,
    enabled: values.channels[declaration.name] === true,
  }));
  if (!switches.some((entry) => entry.enabled)) {
    return { ok: false, message: SELECT_DELIVERY_METHOD_MESSAGE, field: "channels" };
  }
  // The spec's two fields name their channels; any other channel alone makes the spec's method in_app (as the
  // server stores it).
  const emailEnabled = values.channels.email === true;
  const inAppEnabled = values.channels.in_app === true;
  return {
    ok: true,
    request: {
      topicId: values.topicId,
      frequency: values.frequency,
      deliveryMethod: deliveryMethodFor(emailEnabled, inAppEnabled) ?? "in_app",
      emailEnabled,
      inAppEnabled,
      channels: switches,
      deliveryTime: hasDeliveryTime(values.frequency) ? values.deliveryTime : DEFAULT_DELIVERY_TIME,
      level: values.level,
      wordsPerSend: values.wordsPerSend,
    },
  };
}

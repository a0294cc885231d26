import {
  DEFAULT_DELIVERY_TIME,
  FREQUENCIES,
  TIMED_FREQUENCIES,
  type DeliveryMethod,
  type Frequency,
} from "../constants";

/** What the subscription form and cards show for each frequency (three of these are the spec's own words). */
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  hourly: "Every Hour",
  every2hours: "Every 2 Hours",
  every4hours: "Every 4 Hours",
  every8hours: "Every 8 Hours",
  daily: "Daily",
  every2days: "Every 2 Days",
  weekly: "Weekly",
  biweekly: "Every 2 Weeks",
};

export const isFrequency = (value: string): value is Frequency =>
  (FREQUENCIES as readonly string[]).includes(value);

/** Only hourly, every4hours and daily let the user pick a time; the others run from 09:00. */
export const hasDeliveryTime = (frequency: Frequency): boolean => TIMED_FREQUENCIES.includes(frequency);

/** The time stored for a subscription: the chosen one where it matters, 09:00 elsewhere. */
export const storedDeliveryTime = (frequency: Frequency, chosen: string | undefined): string =>
  hasDeliveryTime(frequency) && chosen ? chosen : DEFAULT_DELIVERY_TIME;

/** The delivery method the form sends for its two switches (null when neither is on). */
export function deliveryMethodFor(emailEnabled: boolean, inAppEnabled: boolean): DeliveryMethod | null {
  if (emailEnabled && inAppEnabled) return "both";
  if (emailEnabled) return "email";
  if (inAppEnabled) return "in_app";
  return null;
}

/**
 * A frequency with its time, as it is delivered (shared/rules/schedule.ts: the slots run round the clock in step
 * with the time): "Daily at 9:00 AM", "Every 4 Hours, including 9:00 AM", "Every Hour, on the hour" or "Every Hour
 * at 30 past". `deliveryTime` is "HH:MM"; `formatTime` writes it for the reader.
 */
export function timedFrequencyText(
  frequency: Frequency,
  deliveryTime: string,
  formatTime: (time: string) => string = (time) => time,
): string {
  const label = FREQUENCY_LABELS[frequency];
  if (frequency === "hourly") {
    const minute = Number(deliveryTime.slice(3, 5));
    return minute === 0 ? `${label}, on the hour` : `${label} at ${minute} past`;
  }
  if (frequency === "daily") return `${label} at ${formatTime(deliveryTime)}`;
  return `${label}, including ${formatTime(deliveryTime)}`;
}

/** "Finance: Every Hour → Daily at 09:00", as the e-mail and the dashboard notice say it. */
export const describeFrequencyChange = (change: {
  topicName: string;
  previousFrequency: string;
  frequency: string;
  deliveryTime: string;
}): string =>
  `${change.topicName}: ${labelOf(change.previousFrequency)} → ${labelOf(change.frequency)} at ${change.deliveryTime}`;

const labelOf = (frequency: string) => (isFrequency(frequency) ? FREQUENCY_LABELS[frequency] : frequency);

import type { Page } from "@playwright/test";
import type { NotificationItem } from "@shared/api/notifications";
import type { Topic } from "@shared/api/topics";
import { APP_ORIGIN, expect } from "./fixtures";
import { subscribeInAppByApi, topicNamed } from "./subscriptions";

/*
 * Real deliveries for browser tests: a subscription made through the public API, then the REAL delivery engine
 * run for this user (POST /api/test/deliveries/run) at its next slot. Nothing is written to the database by hand.
 */

const headers = { origin: APP_ORIGIN };
const HOUR_MS = 3_600_000;

/**
 * A fixed-offset zone where it is about noon right now, so "today" has room on both sides: a word delivered
 * a few minutes from now is still today's for the server (the user's zone) and the browser (the page's zone).
 * Give it to `test.use({ timezoneId })`; the app then saves it as the user's zone on the first page load.
 */
export const MIDDAY_ZONE = (() => {
  const offset = 12 - new Date().getUTCHours(); // -11 … +12
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
})();
const MIDDAY_OFFSET_MS = (12 - new Date().getUTCHours()) * HOUR_MS;

/** "HH:MM" in MIDDAY_ZONE, `minutesAhead` from now. */
export function middayClock(minutesAhead: number): string {
  const local = new Date(Date.now() + MIDDAY_OFFSET_MS + minutesAhead * 60_000);
  return local.toISOString().slice(11, 16);
}

export function topicByName(page: Page, name = "finance"): Promise<Topic> {
  return topicNamed(page, name);
}

/** Saves the zone the way the app does (the test logs in through the API, before any page load). */
export async function useTimeZone(page: Page, timeZone: string = MIDDAY_ZONE): Promise<void> {
  const response = await page.request.post("/api/auth/time-zone", { headers, data: { timeZone } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** A daily in-app subscription whose next word is due `minutesAhead` from now (in MIDDAY_ZONE). */
export async function subscribeInApp(page: Page, options: { topic?: string; minutesAhead?: number } = {}) {
  const topic = await topicByName(page, options.topic);
  await subscribeInAppByApi(page, topic.id, middayClock(options.minutesAhead ?? 2));
  return topic;
}

/** A daily subscription by e-mail and in the app, its slot at midday in the learner's zone. */
export async function subscribeByEmailAtMidday(page: Page) {
  const topic = await topicByName(page);
  const created = await page.request.post("/api/subscriptions", {
    headers: { origin: APP_ORIGIN },
    data: {
      topicId: topic.id,
      frequency: "daily",
      deliveryTime: middayClock(1),
      emailEnabled: true,
      inAppEnabled: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** Runs the real engine for this user at their next slot, `times` times; answers how many words went out. */
export async function runDeliveries(page: Page, times = 1): Promise<number> {
  let delivered = 0;
  for (let run = 0; run < times; run += 1) {
    const response = await page.request.post("/api/test/deliveries/run", { headers, data: {} });
    expect(response.status(), await response.text()).toBe(200);
    delivered += ((await response.json()) as { delivered: number }).delivered;
  }
  return delivered;
}

/**
 * `count` words delivered today by the real engine: the daily subscription's time is moved a minute later
 * before each run (an edit re-plans from now), so every slot falls today.
 */
export async function deliverWordsToday(page: Page, count: number, topicName = "finance"): Promise<void> {
  const topic = await subscribeInApp(page, { topic: topicName, minutesAhead: 1 });
  const [subscription] = (await (await page.request.get("/api/subscriptions")).json()) as { id: number }[];
  if (!subscription) throw new Error("no subscription");
  for (let word = 1; word <= count; word += 1) {
    if (word > 1) {
      const response = await page.request.patch(`/api/subscriptions/${subscription.id}`, {
        headers,
        data: {
          topicId: topic.id,
          frequency: "daily",
          emailEnabled: false,
          inAppEnabled: true,
          deliveryTime: middayClock(word),
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    expect(await runDeliveries(page)).toBe(1);
  }
}

/** Saves words the user received, as the heart does. */
export async function favoriteByApi(page: Page, contentIds: number[]): Promise<void> {
  for (const contentId of contentIds) {
    const response = await page.request.post("/api/favorites", { headers, data: { contentId } });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** The words of the bell's list, newest first. */
export async function recentWords(page: Page): Promise<NotificationItem[]> {
  const response = await page.request.get("/api/activity/recent");
  expect(response.status()).toBe(200);
  return (await response.json()) as NotificationItem[];
}

import type { APIResponse, Page } from "@playwright/test";
import type { CreateSubscriptionRequest, Subscription } from "@shared/api/subscriptions";
import type { Topic } from "@shared/api/topics";
import type { Frequency } from "@shared/constants";
import { APP_ORIGIN, expect } from "./fixtures";

/*
 * API shortcuts for setting the scene of a browser test (the screens under test still do the clicking).
 * They go through the same public routes as the app, in the signed-in page's browser context.
 */

const headers = { origin: APP_ORIGIN };

export async function listTopics(page: Page): Promise<Topic[]> {
  const response = await page.request.get("/api/topics");
  expect(response.status()).toBe(200);
  return (await response.json()) as Topic[];
}

export async function topicNamed(page: Page, name: string): Promise<Topic> {
  const topic = (await listTopics(page)).find((candidate) => candidate.name === name);
  if (!topic) throw new Error(`No topic named ${name}`);
  return topic;
}

export async function subscribeByApi(
  page: Page,
  topicId: number,
  options: { frequency?: Frequency; emailEnabled?: boolean; inAppEnabled?: boolean } = {},
): Promise<Subscription> {
  return expectCreated(
    await postSubscription(page, {
      topicId,
      frequency: options.frequency ?? "daily",
      emailEnabled: options.emailEnabled ?? true,
      inAppEnabled: options.inAppEnabled ?? false,
      deliveryTime: "09:00",
    }),
  );
}

/** POST /api/subscriptions as the app sends it; answers the raw response, so a test can expect a refusal. */
export function postSubscription(page: Page, data: CreateSubscriptionRequest) {
  return page.request.post("/api/subscriptions", { headers, data });
}

/** A daily in-app subscription to `topicId` at `deliveryTime` (the user's zone), which must be accepted. */
export async function subscribeInAppByApi(
  page: Page,
  topicId: number,
  deliveryTime = "09:00",
): Promise<Subscription> {
  return expectCreated(
    await postSubscription(page, {
      topicId,
      frequency: "daily",
      deliveryMethod: "in_app",
      emailEnabled: false,
      inAppEnabled: true,
      deliveryTime,
    }),
  );
}

async function expectCreated(response: APIResponse): Promise<Subscription> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Subscription;
}

export async function setActiveByApi(page: Page, id: number, active: boolean): Promise<void> {
  const response = await page.request.put(`/api/subscriptions/${id}`, { headers, data: { active } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function listSubscriptionsByApi(page: Page): Promise<Subscription[]> {
  const response = await page.request.get("/api/subscriptions");
  expect(response.status()).toBe(200);
  return (await response.json()) as Subscription[];
}

export async function deleteByApi(page: Page, id: number): Promise<void> {
  const response = await page.request.delete(`/api/subscriptions/${id}`, { headers });
  expect([204, 404]).toContain(response.status());
}

/** The next-delivery text as the page formats it, computed in the browser (same zone and ICU as the page). */
export function formatInBrowser(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat("en-US", {
        weekday: "short",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }).format(new Date(value)),
    iso,
  );
}

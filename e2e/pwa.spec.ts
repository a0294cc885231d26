import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CDPSession, Page, Worker } from "@playwright/test";
import type { HistoryEntry } from "../src/shared/api/history";
import type { PushPayload } from "../src/shared/api/push";
import { startPushService, type PushService } from "../src/server/testing/push-service";
import { chromiumLaunchOptions, FULL_CHROMIUM } from "./support/browser";
import {
  favoriteByApi,
  MIDDAY_ZONE,
  runDeliveries,
  subscribeInApp,
  // Not a React hook: it saves the zone through the API.
  useTimeZone as saveTimeZone,
} from "./support/deliveries";
import { APP_ORIGIN, expect, expectAccessible, signIn, startWithTheme, test } from "./support/fixtures";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shift";

/*
 * The installable app and web push (issue 15), on the production build playwright.config.ts starts. Service
 * workers are blocked in every other spec (playwright.config.ts); here they run.
 */
// The full browser: the headless shell has no push messaging (e2e/support/browser.ts).
test.use({
  serviceWorkers: "allow",
  timezoneId: MIDDAY_ZONE,
  launchOptions: chromiumLaunchOptions(FULL_CHROMIUM),
});

/** Waits until the service worker is active and controls the page (it claims open pages when it activates). */
async function controlledBy(page: Page): Promise<string> {
  // Activated, not only controlling: a worker that claims the page in its `activate` handler controls it while
  // still activating, and a push delivered then may never reach it.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 20_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "");
}

/** The `count` words of the newest send, from History (newest first). */
async function newestSend(page: Page, count: number): Promise<HistoryEntry[]> {
  const history = (await (await page.request.get("/api/history")).json()) as HistoryEntry[];
  return history.slice(0, count);
}

/**
 * Notes, for the page's next loads, the <main> of the HTML as it came (before any script of the app ran): a page the
 * server drew has one, the precached shell has none.
 */
async function noteMainAsSent(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { mainAsSent: Element | null }).mainAsSent = document.querySelector("main");
    });
  });
}

/** Whether the page's <main> is the one its HTML brought (the app took the server's drawing over, not drew anew). */
const keepsMainAsSent = (page: Page) =>
  page.evaluate(() => {
    const sent = (window as unknown as { mainAsSent: Element | null }).mainAsSent;
    return sent !== null && sent.isConnected && sent === document.querySelector("main");
  });

/** The answer the service worker keeps for a GET of `url` (its "jargon-api" cache), or null. */
const keptAnswer = (page: Page, url: string) =>
  page.evaluate(async (read) => {
    const kept = await caches.match(read, { cacheName: "jargon-api" });
    return kept ? ((await kept.json()) as unknown) : null;
  }, url);

const idOfKept = (user: unknown) => (user as { id?: string } | null)?.id;

/** The paths and queries of the API reads the page asks for from now on (answered by the worker or the network). */
function apiReadsOf(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) reads.push(url.pathname + url.search);
  });
  return reads;
}

/** A signed-in learner with one word delivered in the app by the real engine. */
async function learnerWithAWord(page: Page): Promise<HistoryEntry> {
  await signIn(page);
  await saveTimeZone(page);
  await subscribeInApp(page);
  expect(await runDeliveries(page)).toBe(1);
  const [entry] = (await (await page.request.get("/api/history")).json()) as HistoryEntry[];
  if (!entry) throw new Error("no delivered word");
  return entry;
}

test("the app installs: its service worker controls the page and Chromium finds nothing missing", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile, which every Playwright context is: this test
  // gets a profile on disk.
  const profile = mkdtempSync(path.join(tmpdir(), "jargon-pwa-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...(baseURL ? { baseURL } : {}),
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    await page.goto("/");
    expect(await controlledBy(page)).toBe(`${APP_ORIGIN}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifestSeen = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    expect(manifestSeen.url).toBe(`${APP_ORIGIN}/manifest.webmanifest`);
    expect(manifestSeen.errors).toEqual([]);

    const manifest = await page.request.get("/manifest.webmanifest");
    expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ name: "Jargon", start_url: "/", display: "standalone" });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of body.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
    // A deploy reaches installed apps at their next check: the worker script is never served from a cache.
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect((await page.request.get("/sw.js.map")).status()).toBe(404);
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("offline, the app still opens and shows the words it showed before", async ({ page, context }) => {
  test.slow(); // two pages, each loaded online and again offline
  const entry = await learnerWithAWord(page);
  await page.goto("/history");
  await controlledBy(page);
  // Loaded once more under the service worker, so it keeps this person's answers. The learner's zone is known, so
  // the server draws the page with them: the page reads none of them itself, and the worker keeps the page's.
  await noteMainAsSent(page);
  const reads = apiReadsOf(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: entry.content.word })).toBeVisible();
  expect(await keepsMainAsSent(page)).toBe(true);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
  await expect(page.getByText(entry.content.word).first()).toBeVisible();
  expect(await keepsMainAsSent(page)).toBe(true);
  expect(reads.filter((read) => read.startsWith("/api/history") || read === "/api/auth/user")).toEqual([]);
  await expect.poll(() => keptAnswer(page, "/api/review/due?limit=100")).not.toBeNull();

  await context.setOffline(true);
  try {
    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1, name: "Learning History" })).toBeVisible();
    await expect(page.getByRole("heading", { name: entry.content.word })).toBeVisible();
    await page.reload();
    await expect(page.getByText(entry.content.definition).first()).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await expect(page.getByText(entry.content.word).first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Signing out leaves none of this person's answers behind for whoever uses the device next.
  expect(await page.evaluate(() => caches.has("jargon-api"))).toBe(true);
  await page.goto("/api/logout");
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => caches.has("jargon-api"))).toBe(false);
});

test("a returning member gets the screen the server drew, and the worker keeps what it showed", async ({
  page,
  context,
}) => {
  const entry = await learnerWithAWord(page);
  await favoriteByApi(page, [entry.content.id]);
  await page.goto("/favorites");
  await controlledBy(page);

  // Back under the service worker: the page goes to the network first, and comes drawn.
  await noteMainAsSent(page);
  await recordLayoutShifts(page);
  const reads = apiReadsOf(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.locator("#takeover-shield")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.getByRole("heading", { name: entry.content.word })).toBeVisible();
  // Taken over, not drawn again: the same <main>, nothing moved, and the page read nothing its HTML answered.
  expect(await keepsMainAsSent(page)).toBe(true);
  const moved = await layoutShifts(page);
  expect(moved.total, JSON.stringify(moved.shifts)).toBe(0);
  expect(reads.filter((read) => ["/api/auth/user", "/api/favorites"].includes(read))).toEqual([]);
  expect(errors).toEqual([]);

  // What the page showed is what the worker keeps for offline use.
  const favorites = (await (await page.request.get("/api/favorites")).json()) as unknown;
  await expect.poll(() => keptAnswer(page, "/api/favorites")).toEqual(favorites);
  expect(await keptAnswer(page, "/api/auth/user")).toMatchObject({ id: expect.any(String) });

  // Only a page the worker asks for carries the answers it keeps: other browsers never get them.
  const pageFor = async (headers: Record<string, string>) =>
    (await page.request.get("/favorites", { headers })).text();
  expect(await pageFor({})).not.toContain('id="offline-reads"');
  expect(await pageFor({ "service-worker-navigation-preload": "true" })).toContain('id="offline-reads"');

  // Another member signs in on this browser: their first page empties the cache before it keeps theirs.
  const next = await signIn(page, { timeZone: MIDDAY_ZONE });
  await page.goto("/progress");
  await expect(page.getByRole("heading", { level: 1, name: "Progress" })).toBeVisible();
  await expect.poll(async () => idOfKept(await keptAnswer(page, "/api/auth/user"))).toBe(next.id);
  expect(await keptAnswer(page, "/api/favorites")).toBeNull();

  // The session ends without a sign-out (it expired, say): the next page, a visitor's, is the prerendered landing
  // page, and nothing of this person's stays behind for whoever signs in next.
  await context.clearCookies();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speak the language of experts");
  expect(await keepsMainAsSent(page)).toBe(true);
  await expect.poll(() => page.evaluate(() => caches.has("jargon-api"))).toBe(false);
});

test(
  "a page the server is slow to send: the precached shell answers after the worker's wait, and the screen shows",
  { tag: "@desktop" }, // the worker's timing, not the layout
  async ({ page, context }) => {
    const entry = await learnerWithAWord(page);
    await favoriteByApi(page, [entry.content.id]);
    await page.goto("/favorites");
    await controlledBy(page);
    // The browser's navigation preload cannot be held back from a test (Playwright does not see it); without it
    // the worker asks for the page itself, as in a browser that has none, and that request can be.
    const worker = await serviceWorkerOf(page);
    await worker.evaluate(() =>
      (self as unknown as ServiceWorkerGlobalScope).registration.navigationPreload.disable(),
    );
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: (string | undefined)[] = [];
    await context.route(
      (url) => url.pathname === "/favorites",
      async (route) => {
        asked.push(route.request().headers()["service-worker-navigation-preload"]);
        await released;
        await route.continue();
      },
    );
    await noteMainAsSent(page);
    try {
      await page.reload();
      await expect(page.getByRole("heading", { name: entry.content.word })).toBeVisible();
      // The shell, not the server's drawing, which is still held back.
      expect(await keepsMainAsSent(page)).toBe(false);
      // Named as the preload is, so the server would add the answers the worker keeps.
      expect(asked).toEqual(["true"]);
    } finally {
      release();
    }
  },
);

test.describe("push notifications", () => {
  let service: PushService;
  test.beforeAll(async () => {
    service = await startPushService();
  });
  test.afterAll(async () => {
    await service.close();
  });

  test("a learner turns push on in Settings and the word arrives as a notification that opens it", async ({
    page,
    context,
  }) => {
    test.slow(); // a delivery, Settings, a push round trip, a tap and back to Settings
    await context.grantPermissions(["notifications"], { origin: APP_ORIGIN });
    const browser = service.createSubscription();
    await page.addInitScript(standInPushService, browser);
    const first = await learnerWithAWord(page);
    await page.goto("/settings?tab=notifications");
    await controlledBy(page);

    const push = page.getByRole("switch", { name: "Push notifications on this device" });
    await expect(push).not.toBeChecked();
    await push.click();
    await expect(push).toBeChecked();
    // The browser subscribed with the server's VAPID key.
    const { publicKey } = (await (await page.request.get("/api/push/public-key")).json()) as {
      publicKey: string;
    };
    expect(await page.evaluate(() => (window as unknown as StandIn).__pushKey)).toBe(publicKey);

    // Push on for the subscription: at its next slot the engine's push sender sends the send to the push service,
    // which decrypts it. That send carries its new word and, riding along, the first word, never answered, as a
    // review (issue 22): one notification for the send, the new word's, counting the other.
    const [subscription] = (await (await page.request.get("/api/subscriptions")).json()) as { id: number }[];
    const switched = await page.request.patch(`/api/subscriptions/${subscription!.id}`, {
      headers: { origin: APP_ORIGIN },
      data: { frequency: "daily", emailEnabled: false, inAppEnabled: true, pushEnabled: true },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    // Counted for this browser alone: another test's learner may be pushed to meanwhile (one service per worker).
    const toThisBrowser = () => service.messages.filter((message) => message.endpoint === browser.endpoint);
    const pushed = toThisBrowser().length;
    expect(await runDeliveries(page)).toBe(2);
    await expect.poll(() => toThisBrowser().length).toBe(pushed + 1);
    const sent = await newestSend(page, 2);
    const word = sent.find((entry) => entry.kind === "new");
    expect(sent.find((entry) => entry.kind === "review")?.content.word).toBe(first.content.word);
    // The notification carries the new word only; the review waits in the app, and History says so.
    expect(word).toMatchObject({ status: "sent", channels: ["push", "in_app"] });
    expect(sent.find((entry) => entry.kind === "review")).toMatchObject({
      status: "sent",
      channels: ["in_app"],
    });
    const message = toThisBrowser().at(-1);
    const payload = JSON.parse(message!.payload) as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toContain(word!.content.word);
    expect(payload.body).toMatch(/ · \+1 more word in the app$/);

    // The push service hands it to the browser: the service worker shows it.
    await deliverPush(page, message!.payload);
    await expectShownWithAnswers(page, payload);

    // Tapped: the service worker takes the tab to the word's signed open link, which lands on History on the word's
    // day with the word as its entry (the engine ran at tomorrow's slot, so that is tomorrow's date); the app then
    // records the open and drops the token from the address.
    await tapNotification(page, payload.tag);
    await expect(page).toHaveURL(new RegExp(`/history\\?date=\\d{4}-\\d{2}-\\d{2}&entry=${word!.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Learning History" })).toBeVisible();

    // Turned off: the server forgets this browser.
    await page.goto("/settings?tab=notifications");
    await push.click();
    await expect(push).not.toBeChecked();
    // The next send's push (its new word; the two earlier words ride along in the app) has no device to go to: the
    // word it would have shown ends failed, with the reason History shows.
    expect(await runDeliveries(page)).toBe(3);
    const next = await newestSend(page, 3);
    expect(next.find((entry) => entry.kind === "new")).toMatchObject({
      status: "failed",
      channels: ["push", "in_app"],
      error: "No device is subscribed to push notifications",
    });
    for (const review of next.filter((entry) => entry.kind === "review")) {
      expect(review).toMatchObject({ status: "sent", channels: ["in_app"], error: null });
    }
  });

  test("the notification's buttons answer the word without opening the app, and the app shows the answer", async ({
    page,
    context,
  }) => {
    test.slow(); // two deliveries, a push round trip, an answer, the dropdown, a tap
    await context.grantPermissions(["notifications"], { origin: APP_ORIGIN });
    const first = await learnerWithAWord(page);
    // This browser receives push (the Settings switch is the test above's): its subscription, through the API.
    const headers = { origin: APP_ORIGIN };
    const device = service.createSubscription();
    const subscribed = await page.request.post("/api/push/subscriptions", { headers, data: device });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    const [subscription] = (await (await page.request.get("/api/subscriptions")).json()) as { id: number }[];
    const switched = await page.request.patch(`/api/subscriptions/${subscription!.id}`, {
      headers,
      data: { frequency: "daily", emailEnabled: false, inAppEnabled: true, pushEnabled: true },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    // Counted for this device alone: another test's learner may be pushed to meanwhile (one service per worker).
    const toThisDevice = () => service.messages.filter((message) => message.endpoint === device.endpoint);
    const pushed = toThisDevice().length;
    // The send's new word, with the first word riding along as a review (issue 22): one notification, the new word's.
    expect(await runDeliveries(page)).toBe(2);
    await expect.poll(() => toThisDevice().length).toBe(pushed + 1);
    const message = toThisDevice().at(-1)!;
    const payload = JSON.parse(message.payload) as PushPayload;
    const word = (await newestSend(page, 2)).find((entry) => entry.kind === "new");
    expect(word?.content.word).not.toBe(first.content.word);
    expect(payload.title).toContain(word!.content.word);

    await page.goto("/");
    await controlledBy(page);
    await deliverPush(page, message.payload);
    await expectShownWithAnswers(page, payload);

    // "Knew it": the service worker records the answer and says when the word comes back and what it means, in
    // place of the buttons.
    await pressNotificationButton(page, payload.tag, "knew");
    await expect
      .poll(async () => (await notificationsShown(page)).find((shown) => shown.title === payload.title))
      .toEqual({
        title: payload.title,
        body: expect.stringMatching(
          /^Got it — comes back (tomorrow|in \d+ days|tomorrow, with your next words|with your next words, in \d+ days)\. It means: /,
        ),
        url: payload.url,
        actions: [],
      });
    const shownBody = (await notificationsShown(page)).find((shown) => shown.title === payload.title)?.body;
    expect(shownBody?.endsWith(`It means: ${word!.content.definition}`)).toBe(true);
    // No page was opened nor navigated.
    expect(context.pages()).toHaveLength(1);
    await expect(page).toHaveURL(`${APP_ORIGIN}/`);

    // The app shows the answer on that word, recorded as a push answer once.
    const recent = (await (await page.request.get("/api/activity/recent")).json()) as {
      id: number;
      grade: number | null;
    }[];
    // "Knew it" on a new word, its definition in view, is Easy (issue 22).
    expect(recent.find((item) => item.id === word!.id)?.grade).toBe(4);
    await page.reload();
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    const item = page
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("listitem")
      .filter({ hasText: word!.content.word });
    await expect(item).toContainText("Knew it");
    await expect(item.getByRole("button", { name: "Knew it" })).toHaveCount(0);

    // A plain tap on the confirmation still opens the word.
    await tapNotification(page, payload.tag);
    await expect(page).toHaveURL(new RegExp(`/history\\?date=\\d{4}-\\d{2}-\\d{2}&entry=${word!.id}$`));
  });
});

/** The buttons every word's notification shows. */
const ANSWER_BUTTONS = [
  { action: "knew", title: "Knew it" },
  { action: "didnt", title: "Didn't know" },
];

interface StandIn {
  __pushKey: string | null;
}

/**
 * Headless Chromium has no push service to subscribe with (pushManager.subscribe never settles without Google's
 * servers, and is refused outright in an incognito profile). In its place: PushManager hands the page the
 * in-process push service's subscription (real P-256 keys, so the server's encryption is checked for real), and
 * notes the applicationServerKey it was given. Runs in the page before the app.
 */
function standInPushService(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const standIn = window as unknown as StandIn;
  // The browser keeps its subscription across page loads; so does the stand-in, for this tab.
  const saved = () => sessionStorage.getItem("stand-in-push-key");
  standIn.__pushKey = saved();
  const current = (): PushSubscription | null =>
    saved() === null
      ? null
      : ({
          endpoint: subscription.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => ({ ...subscription, expirationTime: null }),
          unsubscribe: async () => {
            sessionStorage.removeItem("stand-in-push-key");
            return true;
          },
        } as unknown as PushSubscription);
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    const base64url = btoa(String.fromCharCode(...key))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    sessionStorage.setItem("stand-in-push-key", base64url);
    standIn.__pushKey = base64url;
    return current()!;
  };
  PushManager.prototype.getSubscription = async () => current();
}

/**
 * The app's service worker as Playwright sees it. The page can be controlled before Playwright has attached to the
 * worker (two CDP channels, no order between them), and a worker Chromium restarted is a new one: wait for it then.
 */
async function serviceWorkerOf(page: Page): Promise<Worker> {
  const isOurs = (worker: Worker) => worker.url() === `${APP_ORIGIN}/sw.js`;
  return (
    page.context().serviceWorkers().find(isOurs) ??
    (await page.context().waitForEvent("serviceworker", { predicate: isOurs }))
  );
}

/** A press on one of the notification's buttons: the service worker's `notificationclick` with its action. */
async function pressNotificationButton(page: Page, tag: string, action: string): Promise<void> {
  const worker = await serviceWorkerOf(page);
  await worker.evaluate(
    async ([wanted, pressed]) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) throw new Error(`no notification tagged ${wanted}`);
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification, action: pressed }));
    },
    [tag, action] as const,
  );
}

/** What a tap on the notification does: the service worker's `notificationclick` for it. */
async function tapNotification(page: Page, tag: string): Promise<void> {
  const worker = await serviceWorkerOf(page);
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
  }, tag);
}

test("blocked notifications: the switch stays off and says where to allow them (dark theme)", async ({
  page,
}) => {
  await startWithTheme(page, "dark");
  await signIn(page);
  await page.goto("/settings?tab=notifications");
  await controlledBy(page);
  // As if the person had answered "Block" (Playwright can grant permissions, not deny them).
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.send("Browser.setPermission", {
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
    origin: APP_ORIGIN,
    permission: { name: "notifications" },
    setting: "denied",
  });
  await page.reload();

  const push = page.getByRole("switch", { name: "Push notifications on this device" });
  await expect(push).toBeDisabled();
  await expect(push).not.toBeChecked();
  await expect(page.getByText("Notifications are blocked for this site.")).toBeVisible();
  await expect(push).toHaveAccessibleDescription(/Allow them in your browser's site settings/);
  await expectAccessible(page);
});

test(
  "a service worker that starts after the switch stops waiting: the switch turns usable once it is ready",
  { tag: "@desktop" }, // the switch's state, not its layout
  async ({ page, context }) => {
    await context.grantPermissions(["notifications"], { origin: APP_ORIGIN });
    await signIn(page);
    // The worker is registered after the switch's 10 s wait, as on a slow phone's first visit (a busy machine made
    // the push tests fail this way: the switch said "cannot receive push" for good). The script that registers it
    // is held back (the worker's own script cannot be: Chromium fetches it outside the page).
    await page.route(/\/assets\/virtual_pwa-register-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      await route.continue();
    });
    await page.goto("/settings?tab=notifications");
    const unsupported = page.getByText("This browser cannot receive push notifications here.");
    await expect(unsupported).toBeVisible({ timeout: 20_000 });
    await controlledBy(page);
    const push = page.getByRole("switch", { name: "Push notifications on this device" });
    await expect(push).toBeEnabled();
    await expect(push).not.toBeChecked();
    await expect(unsupported).toHaveCount(0);
  },
);

/** The service worker shows the pushed word with its two answer buttons. */
async function expectShownWithAnswers(page: Page, payload: { title: string; body: string; url: string }) {
  try {
    await expect
      .poll(() => notificationsShown(page))
      .toContainEqual({
        title: payload.title,
        body: payload.body,
        url: payload.url,
        actions: ANSWER_BUTTONS,
      });
  } catch (error) {
    // Should nothing be shown, say what the worker did (see notificationsShown for the cause found in session 41).
    throw new Error(`${String(error)}\nThe service worker: ${await pushHandlingOf(page)}`);
  }
}

interface PushWatch {
  __pushWatch?: string[];
  /** showNotification calls not settled yet (see notificationsShown). */
  __showsUnderWay?: number;
}

/**
 * Records, in the running service worker, each push event it gets and how each showNotification call settles
 * (milliseconds since the worker started), so that a push that shows nothing says where it stopped. A worker that
 * Chromium started anew for the push has no record: that says so too.
 */
async function watchPushHandling(page: Page): Promise<void> {
  const worker = await serviceWorkerOf(page);
  await worker.evaluate(() => {
    const scope = self as unknown as ServiceWorkerGlobalScope & PushWatch;
    if (scope.__pushWatch) return;
    const events: string[] = (scope.__pushWatch = []);
    scope.__showsUnderWay = 0;
    const note = (what: string) => events.push(`${Math.round(performance.now())} ms: ${what}`);
    scope.addEventListener("push", () => note("push event"));
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title, options) => {
      note(`showNotification (permission ${Notification.permission})`);
      scope.__showsUnderWay! += 1;
      return show(title, options).then(
        () => {
          scope.__showsUnderWay! -= 1;
          note("showNotification resolved");
        },
        (error: unknown) => {
          scope.__showsUnderWay! -= 1;
          note(`showNotification rejected: ${String(error)}`);
          throw error;
        },
      );
    };
  });
}

async function pushHandlingOf(page: Page): Promise<string> {
  const workers = page
    .context()
    .serviceWorkers()
    .filter((worker) => worker.url() === `${APP_ORIGIN}/sw.js`);
  const records = await Promise.all(
    workers.map((worker) =>
      worker
        .evaluate(async () => {
          const scope = self as unknown as ServiceWorkerGlobalScope & PushWatch;
          const shown = await scope.registration.getNotifications();
          return `${(scope.__pushWatch ?? ["no record: a worker started after the watch"]).join("; ")}; now ${Math.round(performance.now())} ms, ${shown.length} shown`;
        })
        .catch((error: unknown) => `unreachable: ${String(error)}`),
    ),
  );
  return `${workers.length} worker(s): ${records.join(" | ")}`;
}

/**
 * The notifications on display, as the service worker's getNotifications lists them, asked only while no
 * showNotification is under way. Chromium's getNotifications (PlatformNotificationContextImpl::
 * DoReadAllNotificationDataForServiceWorkerRegistration) deletes from its records every notification written before
 * the call that the display did not list yet ("not actually on display anymore"), and such a notification is never
 * listed again, though it is on screen (session 41, this Chromium: 12 of 15 notifications shown while a
 * getNotifications was under way were never listed, 0 of 15 shown before asking). A poll that met a push half-way
 * saw nothing for good: the whole-suite failure "nothing shown" of sessions 36 to 40 (showNotification resolved, the
 * list empty). A learner's device never asks; the test must not ask at that moment either.
 */
async function notificationsShown(page: Page) {
  const worker = await serviceWorkerOf(page);
  return worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope & PushWatch;
    const waitUntil = performance.now() + 5_000;
    while ((scope.__showsUnderWay ?? 0) > 0 && performance.now() < waitUntil)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // In the same task as the check: no push event can start a notification in between.
    const shown = await scope.registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url: string }).url,
      // Not in TypeScript's Notification yet; Chromium has it.
      actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map(
        ({ action, title }) => ({ action, title }),
      ),
    }));
  });
}

/** Delivers a push message to the page's service worker, as the browser does when its push service hands one over. */
async function deliverPush(page: Page, data: string): Promise<void> {
  await watchPushHandling(page);
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
      const ours = (list as { registrationId: string; scopeURL: string; isDeleted: boolean }[]).find(
        (registration) => registration.scopeURL === `${APP_ORIGIN}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registrations;
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: APP_ORIGIN, registrationId, data });
}

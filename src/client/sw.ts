/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; registered by main.tsx in
 * production builds only). It makes the app installable and usable offline, and shows web push notifications.
 *
 * - The shell (index.html, every hashed script and style, icons) is precached; every page navigation is answered
 *   with the precached shell, so the app opens without a network, and with offline.html if even that fails.
 * - The signed-in pages' reads (the user, today's words, the history's first page of 50 words, favorites...) go
 *   to the network first and fall back to the last answer kept in the "jargon-api" cache (at most 50 answers).
 *   A Workbox cache rather than a store of our own: the pages read these exact URLs, so the same answers replay.
 * - That cache holds one person's data: it is emptied on sign-out (the /api/logout navigation) and on any 401.
 * - `push` shows the word and its definition with two buttons, "Knew it" and "Didn't know"; a button records that
 *   answer and says when the word comes back, without opening the app; tapping the notification opens (or focuses)
 *   the word's page.
 */
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { clientsClaim } from "workbox-core";
import type { GradeLinkAnswer } from "@shared/api/learning";
import type { PushAnswerAction, PushPayload } from "@shared/api/push";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const API_CACHE = "jargon-api";
/** The GET reads the signed-in pages need to show the last words offline; nothing else of /api is kept. */
const OFFLINE_READS = [
  "/api/auth/user",
  "/api/app-config",
  "/api/preferences",
  "/api/subscriptions",
  "/api/activity/today",
  "/api/history",
  "/api/favorites",
  "/api/stats",
  "/api/topics",
  // The dashboard waits for these two before its first card, so without them it would stay a placeholder offline.
  "/api/review/due",
  "/api/progress",
];
const OFFLINE_PAGE = "/offline.html";
const ICON = "/pwa-192x192.png";

// A new version takes over at once: the shell is precached by content hash, so old tabs keep working.
void self.skipWaiting();
clientsClaim();

// Before Workbox's router: sign-out passes through to the network, and this person's cached answers go.
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).pathname === "/api/logout") event.waitUntil(caches.delete(API_CACHE));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    // Server pages (the sign-in page, its links, the local mailbox) are not the app's.
    denylist: [/^\/api\//, /^\/dev\//],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && OFFLINE_READS.includes(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    // A slow network shows the kept answer after this, rather than a spinner.
    networkTimeoutSeconds: 5,
    plugins: [
      new ExpirationPlugin({ maxEntries: 50 }),
      {
        // Signed out (or the session expired): nobody's data may stay behind.
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await caches.delete(API_CACHE);
          return response;
        },
      },
    ],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.destination === "document") return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

/** What a word's notification keeps for a click on it: the word's page, and its answer buttons with their links. */
interface WordNotificationData {
  url: string;
  actions: PushAnswerAction[];
}

/** `actions` is missing from TypeScript's NotificationOptions; browsers that show buttons read it. */
interface WordNotificationOptions extends NotificationOptions {
  actions?: { action: string; title: string }[];
}

const isAnswerAction = (value: unknown): value is PushAnswerAction =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Partial<PushAnswerAction>).action === "string" &&
  typeof (value as Partial<PushAnswerAction>).title === "string" &&
  typeof (value as Partial<PushAnswerAction>).url === "string";

function readPayload(data: PushMessageData | null): PushPayload {
  const fallback = {
    title: "Jargon",
    body: "A new word is waiting for you.",
    url: "/",
    tag: "jargon",
    actions: [],
  };
  try {
    const parsed = (data?.json() ?? {}) as Partial<Record<keyof PushPayload, unknown>>;
    return {
      title: typeof parsed.title === "string" ? parsed.title : fallback.title,
      body: typeof parsed.body === "string" ? parsed.body : fallback.body,
      url: typeof parsed.url === "string" ? parsed.url : fallback.url,
      tag: typeof parsed.tag === "string" ? parsed.tag : fallback.tag,
      actions: Array.isArray(parsed.actions) ? parsed.actions.filter(isAnswerAction) : fallback.actions,
    };
  } catch {
    return fallback;
  }
}

function readNotificationData(data: unknown): WordNotificationData {
  const stored = (typeof data === "object" && data !== null ? data : {}) as Partial<
    Record<keyof WordNotificationData, unknown>
  >;
  return {
    url: typeof stored.url === "string" ? stored.url : "/",
    actions: Array.isArray(stored.actions) ? stored.actions.filter(isAnswerAction) : [],
  };
}

/** The word's notification; shown again (same tag, so it replaces itself) with another body after an answer. */
function showWord(title: string, tag: string, word: WordNotificationData, body: string, silent = false) {
  const options: WordNotificationOptions = {
    body,
    tag,
    icon: ICON,
    badge: ICON,
    silent,
    actions: word.actions.map(({ action, title: label }) => ({ action, title: label })),
    data: word,
  };
  return self.registration.showNotification(title, options);
}

self.addEventListener("push", (event) => {
  const { title, tag, body, url, actions } = readPayload(event.data);
  event.waitUntil(showWord(title, tag, { url, actions }, body));
});

/** The URL if it is one of our own pages or routes; anything else is never opened nor posted to. */
function ownUrl(value: unknown): string | null {
  try {
    const url = new URL(String(value), self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Opens (or focuses) the word's page: a plain tap on the notification. */
async function openWord(url: string): Promise<void> {
  const target = ownUrl(url) ?? "/";
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // navigate() answers null when the page left our origin on the way; the tab is still the one to show.
    const shown = (await open.navigate(target)) ?? open;
    await shown.focus();
    return;
  }
  await self.clients.openWindow(target);
}

/**
 * "Knew it" / "Didn't know": POSTs the button's signed answer link (the token is the authority, so no sign-in and
 * no cookie), then replaces the notification with when the word comes back, without opening the app. The server
 * keeps one answer per delivery, so a second press changes nothing. Offline, the buttons stay for another try.
 */
async function recordAnswer(
  notification: Notification,
  word: WordNotificationData,
  answer: PushAnswerAction,
) {
  const { title, tag } = notification;
  const done = { ...word, actions: [] };
  const notSaved = () =>
    showWord(title, tag, done, "This answer could not be saved. Tap to open the word.", true);
  const url = ownUrl(answer.url);
  if (url === null) return notSaved();
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "omit",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ channel: "push" }),
    });
  } catch {
    return showWord(title, tag, word, "Not saved: no connection. Try again, or tap to open the word.", true);
  }
  if (response.status >= 500) {
    return showWord(title, tag, word, "Not saved just now. Try again, or tap to open the word.", true);
  }
  if (!response.ok) return notSaved();
  const answered = (await response.json()) as GradeLinkAnswer;
  const confirmation =
    (answered.comesBack === null
      ? "Got it — marked as known. "
      : `Got it — comes back ${answered.comesBack}. `) + `It means: ${answered.definition}`;
  return showWord(title, tag, done, confirmation, true);
}

self.addEventListener("notificationclick", (event) => {
  const word = readNotificationData(event.notification.data);
  const answer = event.action
    ? word.actions.find((candidate) => candidate.action === event.action)
    : undefined;
  if (answer) {
    // Not closed: the confirmation replaces it under the same tag. A close() still on its way when the confirmation
    // is shown closes the confirmation (Chromium names a tagged notification by its tag), and the answer would
    // leave no trace on screen.
    event.waitUntil(recordAnswer(event.notification, word, answer));
    return;
  }
  event.notification.close();
  event.waitUntil(openWord(word.url));
});

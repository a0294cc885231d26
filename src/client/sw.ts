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
 * - `push` shows the word and its definition; tapping the notification opens (or focuses) the word's page.
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

/** What the server's push channel sends (src/server/features/push/channel.ts). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function readPayload(data: PushMessageData | null): PushPayload {
  const fallback = { title: "Jargon", body: "A new word is waiting for you.", url: "/", tag: "jargon" };
  try {
    const parsed = (data?.json() ?? {}) as Partial<PushPayload>;
    return {
      title: typeof parsed.title === "string" ? parsed.title : fallback.title,
      body: typeof parsed.body === "string" ? parsed.body : fallback.body,
      url: typeof parsed.url === "string" ? parsed.url : fallback.url,
      tag: typeof parsed.tag === "string" ? parsed.tag : fallback.tag,
    };
  } catch {
    return fallback;
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: ICON,
      badge: ICON,
      data: { url: payload.url },
    }),
  );
});

/** Only our own pages open from a notification. */
function sameOriginUrl(value: unknown): string {
  try {
    const url = new URL(String(value), self.location.origin);
    return url.origin === self.location.origin ? url.href : "/";
  } catch {
    return "/";
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // navigate() answers null when the page left our origin on the way; the tab is still the one to show.
        const shown = (await open.navigate(target)) ?? open;
        await shown.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; registered by main.tsx in
 * production builds only). It makes the app installable and usable offline, and shows web push notifications.
 *
 * - The shell (index.html, every hashed script and style, icons) is precached.
 * - A page navigation goes to the network first (navigation preload: the request starts while the worker starts),
 *   so a member gets their screen drawn by the server and a visitor the prerendered public page. With no answer
 *   within NAVIGATION_TIMEOUT_MS (offline, or a link too bad to wait on) the precached shell answers, then
 *   offline.html. The page itself is never kept: it holds one person's data.
 * - The signed-in pages' reads (the user, today's words, the history's first page of 50 words, favorites...) go
 *   to the network first and fall back to the last answer kept in the "jargon-api" cache (at most 50 answers).
 *   A Workbox cache rather than a store of our own: the pages read these exact URLs, so the same answers replay.
 * - A member's page carries the answers of those reads (drawn with them, or handing them to its first reads), so it
 *   makes none of them itself: the server adds them to a page the worker asks for (`offline-reads`, see
 *   @shared/api/offline-reads-values), and the worker keeps them, so the offline copy is what the page showed.
 * - That cache holds one person's data: it is emptied on sign-out (the /api/logout navigation), on any 401, on a
 *   page the server sent to nobody signed in, and before another member's answers are kept.
 * - `push` shows the word and its definition with two buttons, "Knew it" and "Didn't know"; a button records that
 *   answer and says when the word comes back, without opening the app; tapping the notification opens (or focuses)
 *   the word's page.
 */
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import { clientsClaim, type RouteHandlerCallbackOptions } from "workbox-core";
import type { GradeLinkAnswer } from "@shared/api/learning";
import {
  isOfflineRead,
  OFFLINE_READS_ELEMENT_ID,
  SERVICE_WORKER_PAGE_HEADER,
  SIGNED_IN_USER_READ,
} from "@shared/api/offline-reads-values";
import type { PushAnswerAction, PushPayload } from "@shared/api/push";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const API_CACHE = "jargon-api";
/** The most answers kept: the reads of every screen, and a few of History's days. */
const MOST_KEPT_READS = 50;
const SHELL = "/index.html";
const OFFLINE_PAGE = "/offline.html";
const ICON = "/pwa-192x192.png";
/**
 * How long a page navigation waits for the server's answer (its headers) before the precached shell answers. A
 * drawn page starts arriving within about a second on a phone's slow 4G (two round trips and the server's 20-80 ms);
 * past three seconds the link is as good as down, and the shell shows the kept words at once (its reads then wait
 * NetworkFirst's own timeout). Shorter would give the shell, and a screen that waits on the same link for its reads,
 * to phones whose page was about to arrive.
 */
const NAVIGATION_TIMEOUT_MS = 3_000;

// A new version takes over at once: the shell is precached by content hash, so old tabs keep working.
void self.skipWaiting();
clientsClaim();

// A page's request starts with the worker's start-up instead of after it; the server knows it by its header.
self.addEventListener("activate", (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

/** Counts the times this person's answers were dropped: a page asked for before one is not kept after it. */
let forgotten = 0;
const keptReads = new CacheExpiration(API_CACHE, { maxEntries: MOST_KEPT_READS });

/** Nobody's data may stay behind once its person has gone. */
async function forgetPerson(): Promise<void> {
  forgotten += 1;
  await caches.delete(API_CACHE);
}

// Before Workbox's router: sign-out passes through to the network, and this person's cached answers go.
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).pathname === "/api/logout") event.waitUntil(forgetPerson());
});

// Each file under its own URL only: by default "/" would be answered with the precached index.html (and "/x" with
// x.html), and a page is the network's first (answerPage).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

const OFFLINE_READS_BLOCK = new RegExp(
  `<script type="application/json" id="${OFFLINE_READS_ELEMENT_ID}">([^<]*)</script>`,
);

const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

const idOf = (user: unknown): unknown => (user as { id?: unknown } | null)?.id;

/**
 * Keeps the answers a member's page carried for the worker (the server's `offline-reads` block), as the reads'
 * NetworkFirst would have kept them had the page made them. A page without the block was sent to nobody signed
 * in: the answers kept so far are nobody's now. Another member's page first empties the cache. `asked` is the
 * count of forgettings when the page was asked for: one since then (a sign-out), and the page is not kept.
 */
async function keepOfflineReads(page: Response, asked: number): Promise<void> {
  if (!page.ok || !page.headers.get("Content-Type")?.startsWith("text/html")) return;
  let since = asked;
  const block = OFFLINE_READS_BLOCK.exec(await page.text());
  if (since !== forgotten) return;
  const answers = block ? (JSON.parse(block[1] ?? "{}") as Record<string, unknown>) : {};
  const member = idOf(answers[SIGNED_IN_USER_READ]);
  if (member === undefined) return forgetPerson();
  const keptUser = await (await caches.match(SIGNED_IN_USER_READ, { cacheName: API_CACHE }))?.json();
  if (since !== forgotten) return;
  if (idOf(keptUser) !== member) {
    await forgetPerson();
    since = forgotten;
  }
  const cache = await caches.open(API_CACHE);
  // Signed out meanwhile: the cache opened after that is the next person's.
  if (since !== forgotten) return;
  for (const [url, body] of Object.entries(answers)) {
    if (!isOfflineRead(url)) continue;
    const address = new URL(url, self.location.origin).href;
    await cache.put(address, jsonResponse(body));
    await keptReads.updateTimestamp(address);
  }
  await keptReads.expireEntries();
}

/** The page from the network: the browser's preload, else the worker's own request, named as the preload is. */
async function pageFromNetwork(event: FetchEvent, request: Request): Promise<Response> {
  const preloaded = (await event.preloadResponse) as Response | undefined;
  if (preloaded) return preloaded;
  return fetch(request.url, {
    headers: { [SERVICE_WORKER_PAGE_HEADER]: "true" },
    credentials: "same-origin",
    redirect: "manual",
  });
}

const after = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));

/**
 * A page: the server's, unless it has not answered within NAVIGATION_TIMEOUT_MS; then the precached shell, then
 * offline.html. Its offline reads are kept whenever it arrives, even after the shell has answered.
 */
async function answerPage({ event, request }: RouteHandlerCallbackOptions): Promise<Response> {
  const fetchEvent = event as FetchEvent;
  const asked = forgotten;
  const network = pageFromNetwork(fetchEvent, request).then((page) => ({ page, copy: page.clone() }));
  fetchEvent.waitUntil(network.then(({ copy }) => keepOfflineReads(copy, asked)).catch(() => undefined));
  const page = await Promise.race([
    network.then(
      ({ page: fromServer }) => fromServer,
      () => undefined,
    ),
    after(NAVIGATION_TIMEOUT_MS),
  ]);
  return page ?? (await matchPrecache(SHELL)) ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
}

/** The app's and the public site's pages; not the server's own (sign-in, its links, the local mailbox), nor files. */
const isPage = (pathname: string) =>
  !pathname.startsWith("/api/") && !pathname.startsWith("/dev/") && !/\.[^/]*$/.test(pathname);

registerRoute(({ request, url }) => request.mode === "navigate" && isPage(url.pathname), answerPage);
// The server's pages and files go to the network alone (the preload when there is one); offline, offline.html.
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && isOfflineRead(url.href),
  new NetworkFirst({
    cacheName: API_CACHE,
    // A slow network shows the kept answer after this, rather than a spinner.
    networkTimeoutSeconds: 5,
    plugins: [
      new ExpirationPlugin({ maxEntries: MOST_KEPT_READS }),
      {
        // Signed out (or the session expired): nobody's data may stay behind.
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await forgetPerson();
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

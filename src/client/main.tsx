import { hydrate as fillQueryCache, type DehydratedState } from "@tanstack/react-query";
import { hydrate } from "preact";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import {
  FIRST_ANSWERS_FRESH_MS,
  PAINTED_STATE_ELEMENT_ID,
  TAKEOVER_SHIELD_ID,
} from "@shared/api/first-reads-values";
import { App } from "./app";
import { takeOverServerDrawing } from "./lib/browser-value";
import { warnOfUnreadAnswers } from "./lib/first-answers";
import { createQueryClient } from "./lib/query-client";
import { initTheme } from "./lib/theme-store";
import { learnClassMerges, type ClassMerges } from "./lib/utils";
import { loadMemberScreen } from "./routes";
import "./styles.css";

initTheme();

// The service worker (src/client/sw.ts) exists only in production builds: the dev server stays as it is.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

const paintedState = document.getElementById(PAINTED_STATE_ELEMENT_ID);
if (paintedState?.textContent) void drawOverServerPaint(container, paintedState.textContent);
else createRoot(container).render(app);

/**
 * The server drew this member's screen (server-paint.tsx) with the reads' results this page carries. Starting with
 * those results and the screen's code, the first render is the server's drawing, and Preact's hydrate() takes the
 * server's nodes over instead of drawing new ones (React's createRoot, and preact/compat's, would empty the root).
 * hydrate() does not compare attributes (render() over the nodes did, in one long task: Lighthouse's blocking time on
 * the dashboard 780-870 ms, against 170-200 ms), so what only the browser knows is drawn as the server drew it first
 * (lib/browser-value.ts). Parts of the screen are taken over each in a task of its own (components/take-over-later.tsx),
 * so that no one task blocks a phone's main thread for long.
 * Results older than the page's answers may be (a very slow phone) are shown, then read again at once.
 */
async function drawOverServerPaint(root: HTMLElement, stateJson: string): Promise<void> {
  paintedState?.remove();
  const { state, unread, classMerges } = JSON.parse(stateJson) as {
    state: DehydratedState;
    unread: string[];
    classMerges: ClassMerges;
  };
  warnOfUnreadAnswers(unread);
  learnClassMerges(classMerges);
  const fresh = performance.now() <= FIRST_ANSWERS_FRESH_MS;
  // Read at the page's start: the server's clock may not be the phone's.
  const readAt = Date.now();
  if (fresh) for (const query of state.queries) query.state.dataUpdatedAt = readAt;
  fillQueryCache(queryClient, state);
  // The screen's code is evaluated, and the drawing taken over, each in a task of its own, after the one that ran
  // the app's modules: on a phone the three together blocked the main thread for some 200 ms.
  await nextTask();
  await loadMemberScreen(location.pathname);
  await nextTask();
  await takeOverServerDrawing(() => hydrate(app as Parameters<typeof hydrate>[0], root));
  // The server's page shields the drawing until it has its handlers (app-pages/first-answers.ts), every part's.
  document.getElementById(TAKEOVER_SHIELD_ID)?.remove();
  if (!fresh) void queryClient.invalidateQueries();
}

/** Settles in the next task: what follows runs after the browser had a turn (to paint, to handle a tap). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

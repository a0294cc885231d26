import { dehydrate, type DehydratedState } from "@tanstack/react-query";
import { renderToString } from "preact-render-to-string";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "./app";
import { answerReadsWith } from "./lib/first-answers";
import { drawingWithPageCookies } from "./lib/page-cookies";
import { createQueryClient } from "./lib/query-client";
import { recordingClassMerges, type ClassMerges } from "./lib/utils";
import { loadMemberScreen } from "./routes";

/**
 * A member's screen drawn on the server (issue 25), built by scripts/build-server-paint.mjs with the browser's own
 * renderer (Preact) and used by the server (`app-pages/server-paint.ts`). It draws the app with the screen's first
 * answers, so a phone shows the screen as soon as the HTML and the styles are in, before any script has run. The
 * page also carries the reads' results (`state`); the browser starts with them (main.tsx), so its first render is
 * this one and draws over these nodes instead of replacing them (docs/client.md, "The member's screen drawn on the
 * server").
 */
export async function loadScreens(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map(loadMemberScreen));
}

/** Enough for who is signed in, then the shell and screen, then reads that wait on others (a few in all). */
const MOST_DRAWS = 5;

export interface PaintedScreen {
  html: string;
  /** The reads' results the drawing used, for the browser's query cache. */
  state: DehydratedState;
  /** The answers no read of the drawing took (the browser warns of them, as of unread answers in its page). */
  unread: string[];
  /** The class strings the drawing merged, so that the browser's first render need not merge them again. */
  classMerges: ClassMerges;
}

/**
 * The app's HTML for a member at `address` (path and query), given the answers of its first reads (URL → parsed
 * JSON), the member's clock (`inMemberZone` runs a drawing with the process in the member's time zone) and the page
 * cookies their request brought (what the browser decided, such as a dismissed offer); undefined when the drawing
 * does not settle. The app is drawn, the reads it starts are answered from `answers` (a read
 * without an answer is left waiting, as the browser's would be), and it is drawn again until it starts none.
 */
export async function paintMemberScreen(
  address: string,
  answers: Readonly<Record<string, unknown>>,
  inMemberZone: <T>(draw: () => T) => T,
  pageCookies: Readonly<Record<string, string>>,
): Promise<PaintedScreen | undefined> {
  const queryClient = createQueryClient();
  const queryCache = queryClient.getQueryCache();
  const source = new Map(Object.entries(answers));
  const { hook } = memoryLocation({ path: address, static: true });
  // Every step that may name a day or an hour runs in the member's zone, and sees the member's page cookies as the
  // browser's document would.
  const inZone = <T,>(draw: () => T): T => inMemberZone(() => drawingWithPageCookies(pageCookies, draw));
  const asked = new Set<string>();
  const read = new Set<string>();
  try {
    for (let draw = 0; draw < MOST_DRAWS; draw += 1) {
      const { drawn: html, merges } = recordingClassMerges(() =>
        inZone(() =>
          renderToString(
            <Router hook={hook}>
              <App queryClient={queryClient} />
            </Router>,
          ),
        ),
      );
      const waiting = queryCache
        .getAll()
        .filter((query) => query.state.status === "pending" && !asked.has(query.queryHash));
      if (waiting.length === 0) {
        const unread = [...source.keys()].filter((url) => !read.has(url));
        return { html, state: dehydrate(queryClient), unread, classMerges: merges };
      }
      const reads = waiting.map((query) => {
        asked.add(query.queryHash);
        let answered = false;
        let fetched: Promise<unknown> = Promise.resolve();
        inZone(() =>
          answerReadsWith(
            source,
            () => (fetched = query.fetch()),
            (url) => {
              answered = true;
              read.add(url);
            },
          ),
        );
        // Unanswered, or a read of the browser's own (this device's push state, say), which the server must not
        // answer for it: back to waiting, as it is in the browser until its own read comes back.
        return fetched.then(
          () => answered || queryCache.remove(query),
          () => queryCache.remove(query),
        );
      });
      await Promise.all(reads);
    }
    return undefined;
  } finally {
    queryClient.clear();
  }
}

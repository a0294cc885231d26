import {
  FIRST_ANSWERS_ELEMENT_ID,
  PAINTED_SCREEN_END_ID,
  PAINTED_STATE_ELEMENT_ID,
} from "@shared/api/first-reads-values";
import type { Page, Route } from "@playwright/test";

/** A layout shift the browser reported, with what moved from where to where (so a failure says what to fix). */
export interface LayoutShift {
  value: number;
  sources: string[];
}

/**
 * Records every layout shift of the page's next loads that no input caused (the shifts CLS adds up), from the first
 * paint on. Call before page.goto; read them with layoutShifts().
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        // Which element moved, and from where to where (top and height, in px).
        const sources = entry.sources.map((source) => {
          // A text node is named by the element it sits in.
          const node = (
            source.node?.nodeType === Node.TEXT_NODE ? source.node.parentElement : source.node
          ) as HTMLElement | null | undefined;
          const text = source.node?.nodeType === Node.TEXT_NODE ? " (text)" : "";
          const name = node ? `${node.tagName}.${String(node.className).slice(0, 60)}${text}` : "?";
          const { previousRect: before, currentRect: after } = source;
          return `${name} y ${before.y}→${after.y}, h ${before.height}→${after.height}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts recorded since the page loaded, and their sum (the page's cumulative layout shift so far). */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: LayoutShift[] }> {
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/**
 * The member's page as the browser gets it without the server's help: no answers in it, and no screen drawn on the
 * server (e2e/server-paint.spec.ts) with the results of its reads.
 */
function withoutServerData(html: string): string {
  return html
    .replace(new RegExp(`\\s*<link rel="expect" href="#${PAINTED_SCREEN_END_ID}"[^>]*>`), "")
    .replace(
      new RegExp(
        `<div id="root"[^>]*>.*?</div>(?:<template id="${PAINTED_SCREEN_END_ID}"></template>)?(\\s*<script type="application/json")`,
        "s",
      ),
      '<div id="root"></div>$1',
    )
    .replace(
      new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">.*?</script>`, "s"),
      "",
    )
    .replace(
      new RegExp(`<script type="application/json" id="${PAINTED_STATE_ELEMENT_ID}">.*?</script>`, "s"),
      "",
    );
}

/**
 * Holds the answers of the API's reads until release() is called, except who is signed in (the shell needs it to
 * draw): the screen's first render with its placeholders always paints before its data, as on a slow network, so a
 * placeholder that is not the size of what replaces it always shows as a shift.
 */
export async function holdDataAnswers(page: Page): Promise<{ release: () => void }> {
  // The server answers a member's first reads inside the page (e2e/first-answers.spec.ts); without that (a page the
  // service worker serves, a screen opened from another) they come over the network, which is what is held here.
  await page.route(
    (url) => !url.pathname.startsWith("/api/") && !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const body = withoutServerData(await response.text());
      await route.fulfill({ response, body });
    },
  );
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    if (route.request().method() === "GET" && url.pathname !== "/api/auth/user") await released;
    await route.fallback();
  };
  await page.route("**/api/**", handler);
  return {
    release: () => {
      release();
      void page.unroute("**/api/**", handler);
    },
  };
}

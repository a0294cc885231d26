import { createHash } from "node:crypto";
import { TAKEOVER_SHIELD_ID } from "@shared/api/first-reads-values";

/** The data block that names a drawn page's scripts for SCRIPTS_AFTER_PAINT_LOADER. */
const APP_SCRIPTS_ELEMENT_ID = "app-scripts";

/**
 * Asks for the app's scripts once the drawn page is on screen: when the browser reports its first contentful paint
 * (a "paint" performance entry, which comes once the frame is shown; where there is none, at the start of the frame
 * after the first), or after a second, in a tab in the background, where frames wait. The entry first, then the
 * screen's scripts as module preloads, one a task (Lighthouse's traces put the loader at 20-98 ms without any
 * slowdown when it added the dozen in one go). Until session 51 it asked at the start of the second frame, which
 * comes before the first is shown (100-400 ms before on a 2-core host), so the scripts' downloads began before the
 * first paint, and Lighthouse's simulation of a slow phone counted them into its first and largest paints. It
 * is the same text on every page, so the content security policy allows it by its hash rather than by allowing
 * inline scripts. Until the app takes the drawing over it also keeps focus out of the drawing (the shield over it
 * takes the taps, first-answers.ts), so no key lands on a control without its handlers, as when the root was inert.
 */
export const SCRIPTS_AFTER_PAINT_LOADER = `(function () {
  var root = document.getElementById("root");
  document.addEventListener("focusin", function holdFocus(event) {
    if (!document.getElementById("${TAKEOVER_SHIELD_ID}")) document.removeEventListener("focusin", holdFocus, true);
    else if (root.contains(event.target)) event.target.blur();
  }, true);
  var started = false;
  var firstPaint = null;
  function load() {
    if (started) return;
    started = true;
    if (firstPaint) firstPaint.disconnect();
    var scripts = JSON.parse(document.getElementById("${APP_SCRIPTS_ELEMENT_ID}").textContent);
    var entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = scripts.entry;
    document.head.appendChild(entry);
    var preloads = scripts.preload.slice();
    (function preloadNext() {
      var href = preloads.shift();
      if (!href) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
      setTimeout(preloadNext, 0);
    })();
  }
  var Observer = window.PerformanceObserver;
  if (Observer && (Observer.supportedEntryTypes || []).indexOf("paint") >= 0) {
    firstPaint = new Observer(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length > 0) load();
    });
    firstPaint.observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(load);
    });
  }
  setTimeout(load, 1000);
})();`;

/** The loader's entry in the content security policy's script-src. */
export const SCRIPTS_AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash("sha256").update(SCRIPTS_AFTER_PAINT_LOADER).digest("base64")}'`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A page whose screen the server drew (`server-paint.ts`) needs its scripts only to take the drawing over, not to
 * show it. Named in the HTML, they would be fetched at once, sharing a phone's bandwidth with the styles the drawing
 * waits for; so the page names them in a data block instead, and a small loader asks for them once the drawing is
 * on screen. The cost: the screen takes taps a little later (docs/client.md, "The member's screen drawn on the
 * server").
 */
export function withScriptsAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const block = `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${JSON.stringify({ entry, preload })}</script>`;
  return html
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</body>", () => `  ${block}\n    <script>${SCRIPTS_AFTER_PAINT_LOADER}</script>\n  </body>`);
}

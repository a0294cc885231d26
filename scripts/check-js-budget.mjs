// Fails the build when a signed-in screen downloads more gzipped JavaScript before its first interaction than issue
// 25 allows (110 KB). Runs right after `vite build`, while its manifest exists (scripts/prerender.mjs deletes it):
// for each screen it walks the manifest's static imports from the app's entry, the signed-in shell and the screen's
// page chunk, and gzips every file reached. Chunks a screen fetches later (dialogs, the calendar) are dynamic
// imports and stay out, as they stay out of the first load. docs/testing.md and docs/client.md ("Chunk map").
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { scriptsReachedFrom, SIGNED_IN_SCREENS, STARTUP_MODULES } from "./signed-in-screens.mjs";

/** Issue 25's budget for every signed-in screen. */
export const SIGNED_IN_JS_BUDGET_BYTES = 110_000;

/** Every JavaScript file a screen loads before its first interaction, with its gzipped size. */
export function firstLoadScripts(manifest, clientDir, page) {
  return scriptsReachedFrom(manifest, [...STARTUP_MODULES, page]).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
  }));
}

const kilobytes = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.join(process.env.JARGON_DIST ?? "dist", "client");
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8"));
  const overweight = [];
  for (const [screen, { page }] of Object.entries(SIGNED_IN_SCREENS)) {
    const scripts = firstLoadScripts(manifest, clientDir, page);
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    const state = total > SIGNED_IN_JS_BUDGET_BYTES ? "OVER" : "ok";
    console.log(
      `${screen.padEnd(15)} ${kilobytes(total).padStart(9)} in ${String(scripts.length).padStart(2)} files` +
        ` (budget ${kilobytes(SIGNED_IN_JS_BUDGET_BYTES)}): ${state}`,
    );
    if (total > SIGNED_IN_JS_BUDGET_BYTES) {
      overweight.push(screen);
      for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 8))
        console.log(`    ${kilobytes(script.gzipBytes).padStart(9)}  ${script.file}`);
    }
  }
  if (overweight.length > 0) {
    console.error(
      `${overweight.join(", ")} load more than the budget of JavaScript before the first interaction (largest files above; ` +
        "docs/client.md's chunk map says what each chunk holds).",
    );
    process.exit(1);
  }
}

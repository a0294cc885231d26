// Writes which scripts a signed-in screen loads after the app's entry (issue 25): the signed-in shell's and the
// screen's chunks with everything they import. The server names them in a member's page as modulepreload links
// (src/server/features/app-pages/first-load-scripts.ts), so the browser fetches them beside the entry instead of
// after it has run. Runs right after `vite build`, while its manifest exists (scripts/prerender.mjs deletes it);
// the file lives beside the client, not in it, so it is never served.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { scriptsReachedFrom, SIGNED_IN_SCREENS, STARTUP_MODULES } from "./signed-in-screens.mjs";

const distDir = process.env.JARGON_DIST ?? "dist";
const clientDir = path.join(distDir, "client");
const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8"));

// index.html already names the entry's own scripts.
const [entry, ...afterEntry] = STARTUP_MODULES;
const loadedByEntry = new Set(scriptsReachedFrom(manifest, [entry]));
const afterTheEntry = (keys) => scriptsReachedFrom(manifest, keys).filter((file) => !loadedByEntry.has(file));

const scripts = {
  // Any other signed-in path: the shell, whose page is not on the list.
  "*": afterTheEntry(afterEntry),
  ...Object.fromEntries(
    Object.entries(SIGNED_IN_SCREENS).map(([screen, { page }]) => [
      screen,
      afterTheEntry([...afterEntry, page]),
    ]),
  ),
};
writeFileSync(path.join(distDir, "first-load-scripts.json"), `${JSON.stringify(scripts, null, 2)}\n`);
console.log(
  `first-load scripts of ${Object.keys(scripts).length - 1} screens written to ${distDir}/first-load-scripts.json`,
);

/** `npm run content:build`: regenerates content/library from content/topics.json and content/curated/. */
import { performance } from "node:perf_hooks";
import { buildLibrary, LIBRARY_DIR, writeLibrary } from "./library";

const startedAt = performance.now();
const library = buildLibrary();
writeLibrary(LIBRARY_DIR, library);
for (const warning of library.warnings) console.warn(`warning: ${warning}`);
console.log(
  `Wrote ${library.files.size} files to content/library in ${Math.round(performance.now() - startedAt)} ms ` +
    `(${library.warnings.length} warnings).`,
);

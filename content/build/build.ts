/**
 * `npm run content:build`: regenerates content/library from content/topics.json and content/curated/, after the
 * lint of content/AUTHORING.md. Any violation fails the build (exit 1) and nothing is written, so a broken entry
 * never reaches the committed library. CONTENT_LINT=warn prints the violations and writes the library anyway, for
 * inspecting a topic locally while it is being edited.
 */
import { performance } from "node:perf_hooks";
import { buildLibrary, LIBRARY_DIR, writeLibrary } from "./library";
import { countByRule } from "./lint";

const startedAt = performance.now();
const library = buildLibrary();
for (const warning of library.warnings) console.warn(`warning: ${warning}`);

const { violations } = library;
for (const { topic, word, rule, detail } of violations)
  console.error(`lint: ${topic} / ${word} / ${rule}: ${detail}`);
const warnOnly = process.env.CONTENT_LINT === "warn";
if (violations.length > 0) {
  const counts = Object.entries(countByRule(violations)).filter(([, count]) => count > 0);
  console.error(
    `\n${violations.length} lint violations: ${counts.map(([rule, count]) => `${rule} ${count}`).join(", ")}.`,
  );
  if (!warnOnly) {
    console.error(
      "content/library was not written. Fix the entries (content/AUTHORING.md), or inspect with CONTENT_LINT=warn.",
    );
    process.exit(1);
  }
}
writeLibrary(LIBRARY_DIR, library);
console.log(
  `Wrote ${library.files.size} files to content/library in ${Math.round(performance.now() - startedAt)} ms ` +
    `(${library.warnings.length} warnings, ${violations.length} lint violations${warnOnly ? ", CONTENT_LINT=warn" : ""}).`,
);

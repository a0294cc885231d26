/**
 * `npm run content:report [-- --json]`: per topic and in total, what the library holds (items, IPA, examples,
 * levels, parts of speech, notes, verses) and, at the top, the lint's violation count per rule.
 *
 * The report builds the library in memory from content/curated rather than reading content/library, so editors
 * see their progress even while the lint keeps content:build from writing.
 */
import { measureCoverage } from "./coverage";
import { buildLibrary } from "./library";
import { countByRule } from "./lint";
import { isReligiousTopicName } from "@shared/rules/topic-tabs";

const library = buildLibrary();
const lint = countByRule(library.violations);
const report = { lint, ...measureCoverage(library.files) };
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log("Lint violations per rule:");
  console.table(lint);
  const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "-");
  const rows = [...report.topics, { name: "TOTAL", ...report.total }].map((row) => ({
    topic: row.name,
    items: row.items,
    "L1/L2/L3": `${row.byLevel["1"]}/${row.byLevel["2"]}/${row.byLevel["3"]}`,
    ipa: `${row.withIpa} (${percent(row.withIpa, row.items)})`,
    example: `${row.withExample} (${percent(row.withExample, row.items)})`,
    pos: row.withPartOfSpeech,
    note: row.withNote,
    origin: row.withOrigin,
    verses: `${row.versesWithReference}/${row.verses}`,
    duplicates: row.duplicates,
    flagged: row.flagged,
    target: row.name === "TOTAL" ? "" : targetGap(row),
  }));
  console.table(rows);
}

/** What a topic still lacks for the targets of content/AUTHORING.md (the library tests check the same). */
function targetGap(row: (typeof report.topics)[number]): string {
  if (isReligiousTopicName(row.name)) {
    const gaps = [
      row.byLevel["2"] + row.byLevel["3"] < 100 ? `${100 - row.byLevel["2"] - row.byLevel["3"]} at L2-3` : "",
      row.versesWithReference * 2 < row.items
        ? `${Math.ceil(row.items / 2) - row.versesWithReference} verses`
        : "",
    ].filter(Boolean);
    return gaps.length ? `needs ${gaps.join(", ")}` : "ok";
  }
  const professional = row.byLevel["2"] + row.byLevel["3"];
  return professional >= 200 ? "ok" : `needs ${200 - professional} at L2-3`;
}

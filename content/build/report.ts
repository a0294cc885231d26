/**
 * `npm run content:report [-- --json]`: per topic and in total, how many items the committed library has and how
 * many carry IPA, an example and a definition, plus duplicates and profanity-flagged words.
 */
import { LIBRARY_DIR } from "./library";
import { measureCoverage } from "./coverage";

const report = measureCoverage(LIBRARY_DIR);
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "-");
  const rows = [...report.topics, { name: "TOTAL", ...report.total }].map((row) => ({
    topic: row.name,
    items: row.items,
    ipa: `${row.withIpa} (${percent(row.withIpa, row.items)})`,
    example: `${row.withExample} (${percent(row.withExample, row.items)})`,
    definition: row.withDefinition,
    duplicates: row.duplicates,
    flagged: row.flagged,
  }));
  console.table(rows);
}

/**
 * `npx tsx content/build/sample.ts [seed] [count] [--before <dir>]`: a reproducible random sample of library items
 * for an outside review (word, topic, IPA, origin, reference and translation) as a Markdown table. With --before
 * and an older copy of content/library, it samples instead the items whose IPA was added or changed since.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { libraryTopicFileSchema, type LibraryItem } from "@server/features/content/library-format";
import { LIBRARY_DIR } from "./library";
import { seededRandom } from "@shared/rules/random";
import { libraryFiles } from "./coverage";

type Row = LibraryItem & { topic: string };

function readItems(dir: string): Row[] {
  return libraryFiles(dir)
    .sort()
    .flatMap((file) => {
      const topicFile = libraryTopicFileSchema.parse(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
      return topicFile.items.map((item) => ({ ...item, topic: topicFile.topic }));
    });
}

function sample<T>(items: T[], count: number, seed: number): T[] {
  const random = seededRandom(seed);
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0)
    picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return picked;
}

const cell = (text: string | null | undefined) => (text ? text.replace(/\|/g, "\\|") : "—");

const [seedArg, countArg] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const seed = Number(seedArg ?? 20261201);
const count = Number(countArg ?? 60);
const beforeIndex = process.argv.indexOf("--before");
const items = readItems(LIBRARY_DIR);
if (beforeIndex > 0) {
  const before = new Map(
    readItems(process.argv[beforeIndex + 1]!).map((item) => [
      `${item.topic}|${item.word}`,
      item.pronunciation,
    ]),
  );
  const changed = items.filter((item) => before.get(`${item.topic}|${item.word}`) !== item.pronunciation);
  console.log(`| # | topic | word | before | now |\n| - | - | - | - | - |`);
  sample(changed, count, seed).forEach((item, index) => {
    const old = before.get(`${item.topic}|${item.word}`);
    console.log(
      `| ${index + 1} | ${item.topic} | ${cell(item.word)} | ${cell(old)} | ${cell(item.pronunciation)} |`,
    );
  });
} else {
  console.log(`| # | topic | word | IPA | origin | reference (translation) |\n| - | - | - | - | - | - |`);
  sample(items, count, seed).forEach((item, index) => {
    const reference = item.reference ? `${item.reference} (${item.translation ?? "—"})` : null;
    console.log(
      `| ${index + 1} | ${item.topic} | ${cell(item.word)} | ${cell(item.pronunciation)} | ${cell(item.origin)} | ${cell(reference)} |`,
    );
  });
}

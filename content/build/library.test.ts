import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libraryTopicSchema } from "@server/features/content/library-format";
import { isReligiousTopicName } from "@shared/rules/topic-tabs";
import { libraryFiles, measureCoverage, type CoverageReport } from "./coverage";
import { buildLibrary, CONTENT_DIR, LIBRARY_DIR, SLANG_TOPIC, writeLibrary } from "./library";
import { countByRule } from "./lint";

const listedTopics = libraryTopicSchema
  .array()
  .parse(JSON.parse(readFileSync(path.join(CONTENT_DIR, "topics.json"), "utf8")));

describe("npm run content:build", () => {
  let outDir: string;
  let secondDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), "jargon-content-"));
    secondDir = mkdtempSync(path.join(tmpdir(), "jargon-content-"));
  });
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(secondDir, { recursive: true, force: true });
  });

  it("is deterministic: two builds write byte-identical files", () => {
    writeLibrary(outDir, buildLibrary());
    writeLibrary(secondDir, buildLibrary());
    const names = libraryFiles(outDir).concat("manifest.json").sort();
    expect(libraryFiles(secondDir).concat("manifest.json").sort()).toEqual(names);
    for (const name of names) {
      expect(readFileSync(path.join(secondDir, name), "utf8"), name).toBe(
        readFileSync(path.join(outDir, name), "utf8"),
      );
    }
  });

  // Fails while the curated lists break the lint: content:build then refuses to write the library.
  it("reproduces the committed library byte for byte", () => {
    const committed = libraryFiles(LIBRARY_DIR).concat("manifest.json").sort();
    expect(libraryFiles(outDir).concat("manifest.json").sort()).toEqual(committed);
    for (const name of committed) {
      expect(readFileSync(path.join(outDir, name), "utf8"), name).toBe(
        readFileSync(path.join(LIBRARY_DIR, name), "utf8"),
      );
    }
  });
});

describe("the committed library meets its coverage targets", () => {
  const report: CoverageReport = measureCoverage(LIBRARY_DIR);
  const byName = new Map(report.topics.map((topic) => [topic.name, topic]));

  it("lists every spec topic, each with a one-line description, an icon and a category", () => {
    const names = listedTopics.map((topic) => topic.name);
    for (const name of [
      "vocabulary",
      "idioms",
      "business",
      "finance",
      "politics",
      "technology",
      "science",
      "health",
      "travel",
      "food",
      "academic",
      "slang",
      "gaming",
      "wellness",
      "art",
      "football",
      "gardening",
      "painting",
      "sports",
      "religion",
      "philosophy",
      "legal",
      "medical",
      "jewish_verses",
      "islamic_verses",
      "christian_verses",
      "hindu_verses",
      "buddhist",
      "shia_verses",
      "sunni_verses",
      "catholic_verses",
      "protestant_verses",
      "orthodox_verses",
      "sikh_verses",
      "hasidic_verses",
      "tibetan_buddhist",
      "zen_buddhist",
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const topic of listedTopics) expect(topic.description).not.toContain("\n");
  });

  it("has built every listed topic", () => {
    expect(report.topics.map((topic) => topic.name).sort()).toEqual(
      listedTopics.map((topic) => topic.name).sort(),
    );
  });

  it("has at least 20 topics of 200+ items, and 60+ items in each religious topic", () => {
    expect(report.topics.filter((topic) => topic.items >= 200).length).toBeGreaterThanOrEqual(20);
    for (const topic of listedTopics.filter((listed) => isReligiousTopicName(listed.name))) {
      expect(byName.get(topic.name)?.items ?? 0, topic.name).toBeGreaterThanOrEqual(60);
    }
  });

  it("defines every item, gives IPA to 90% and an example to 70%", () => {
    expect(report.total.withDefinition).toBe(report.total.items);
    expect(report.total.withIpa).toBe(report.total.items);
    expect(report.total.withExample / report.total.items).toBeGreaterThanOrEqual(0.7);
  });

  it("has no duplicate word within a topic and no flagged word outside slang", () => {
    expect(report.total.duplicates).toBe(0);
    for (const topic of report.topics.filter((topic) => topic.name !== SLANG_TOPIC)) {
      expect(topic.flagged, topic.name).toBe(0);
    }
  });
});

// The definition of done of the expert library (issue 14, content/AUTHORING.md), checked on a fresh build of
// content/curated. These fail until the editors have finished their topics.
describe("the expert library", () => {
  const built = buildLibrary();
  const coverage = measureCoverage(built.files);
  const byName = new Map(coverage.topics.map((topic) => [topic.name, topic]));
  const items = new Map<string, Map<string, { definition: string }>>();
  for (const [name, text] of built.files) {
    if (name === "manifest.json") continue;
    const file = JSON.parse(text) as { topic: string; items: { word: string; definition: string }[] };
    items.set(file.topic, new Map(file.items.map((item) => [item.word.toLowerCase(), item])));
  }

  it("breaks no lint rule", () => {
    const counts = Object.fromEntries(Object.entries(countByRule(built.violations)).filter(([, n]) => n > 0));
    expect(counts).toEqual({});
  });

  const general = listedTopics
    .filter((topic) => !isReligiousTopicName(topic.name))
    .map((topic) => topic.name);
  it.each(general)("%s has at least 200 items at levels 2–3", (name) => {
    const topic = byName.get(name);
    expect((topic?.byLevel["2"] ?? 0) + (topic?.byLevel["3"] ?? 0)).toBeGreaterThanOrEqual(200);
  });

  const religious = listedTopics
    .filter((topic) => isReligiousTopicName(topic.name))
    .map((topic) => topic.name);
  it.each(religious)(
    "%s has at least 100 items at levels 2–3, half of all its items verses with reference and translation",
    (name) => {
      const topic = byName.get(name);
      expect((topic?.byLevel["2"] ?? 0) + (topic?.byLevel["3"] ?? 0)).toBeGreaterThanOrEqual(100);
      expect(topic?.versesWithReference ?? 0).toBeGreaterThanOrEqual((topic?.items ?? 0) / 2);
    },
  );

  const senseCheckDir = path.join(CONTENT_DIR, "build", "sense-checks");
  const senseChecks = readdirSync(senseCheckDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(senseCheckDir, file), "utf8")) as SenseCheck[]).map((check) => ({
        ...check,
        file,
      })),
    );

  it("has at least 100 senses checked by hand", () => {
    expect(senseChecks.length).toBeGreaterThanOrEqual(100);
  });

  it.each(senseChecks)("$file: $topic / $word is defined with “$phrase”", ({ topic, word, phrase }) => {
    const item = items.get(topic)?.get(word.toLowerCase());
    expect(item, `${topic} / ${word} is not in the built library`).toBeDefined();
    expect(item!.definition.toLowerCase()).toContain(phrase.toLowerCase());
  });
});

interface SenseCheck {
  topic: string;
  word: string;
  phrase: string;
}

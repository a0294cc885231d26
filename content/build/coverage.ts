import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  LIBRARY_MANIFEST_FILE,
  libraryManifestSchema,
  libraryTopicFileSchema,
} from "@server/features/content/library-format";
import { SLANG_TOPIC } from "./library";
import { profanityFlag } from "./profanity";

export interface Coverage {
  items: number;
  withIpa: number;
  withExample: number;
  withDefinition: number;
  /** Items whose word (case-insensitively) appears earlier in the same topic. */
  duplicates: number;
  /** Items the profanity list flags; only the slang topic may have any, and a person reviews those. */
  flagged: number;
  /** Items per level ("1" foundation, "2" professional, "3" expert). */
  byLevel: Record<"1" | "2" | "3", number>;
  withPartOfSpeech: number;
  withNote: number;
  /** Items with an etymology in `origin`. */
  withOrigin: number;
  /** Quotations: items with a reference or a translation. */
  verses: number;
  /** Quotations with both their reference and their translation. */
  versesWithReference: number;
}

export interface CoverageReport {
  topics: ({ name: string } & Coverage)[];
  total: Coverage;
}

function emptyCoverage(): Coverage {
  return {
    items: 0,
    withIpa: 0,
    withExample: 0,
    withDefinition: 0,
    duplicates: 0,
    flagged: 0,
    byLevel: { "1": 0, "2": 0, "3": 0 },
    withPartOfSpeech: 0,
    withNote: 0,
    withOrigin: 0,
    verses: 0,
    versesWithReference: 0,
  };
}

/** Reads a built file by name: from a directory, or from an in-memory build. */
export type LibrarySource = string | Map<string, string>;

function readBuilt(source: LibrarySource, name: string): unknown {
  const text = typeof source === "string" ? readFileSync(path.join(source, name), "utf8") : source.get(name);
  if (text === undefined) throw new Error(`${name} is not in the built library`);
  return JSON.parse(text);
}

const IPA = /^\/[^/]+\/$/;

/** Per-topic and total coverage of a built library (its directory, or the files of buildLibrary()). */
export function measureCoverage(source: LibrarySource): CoverageReport {
  const manifest = libraryManifestSchema.parse(readBuilt(source, LIBRARY_MANIFEST_FILE));
  const topics = manifest.topics.map(({ name }) => {
    const file = libraryTopicFileSchema.parse(readBuilt(source, `${name}.json`));
    const seen = new Set<string>();
    const coverage = emptyCoverage();
    for (const item of file.items) {
      const key = item.word.toLowerCase();
      coverage.items++;
      if (item.pronunciation && IPA.test(item.pronunciation)) coverage.withIpa++;
      if (item.example?.trim()) coverage.withExample++;
      if (item.definition.trim()) coverage.withDefinition++;
      if (seen.has(key)) coverage.duplicates++;
      seen.add(key);
      if (profanityFlag(item.word)) coverage.flagged++;
      if (item.level) coverage.byLevel[String(item.level) as "1" | "2" | "3"]++;
      if (item.partOfSpeech) coverage.withPartOfSpeech++;
      if (item.note) coverage.withNote++;
      if (item.origin) coverage.withOrigin++;
      if (item.reference || item.translation) coverage.verses++;
      if (item.reference && item.translation) coverage.versesWithReference++;
    }
    return { name, ...coverage };
  });
  const total = emptyCoverage();
  for (const topic of topics) {
    for (const key of Object.keys(total) as (keyof Coverage)[]) {
      if (key === "byLevel") {
        for (const level of ["1", "2", "3"] as const) total.byLevel[level] += topic.byLevel[level];
      } else {
        total[key] += topic[key];
      }
    }
  }
  return { topics, total };
}

/** Topic files present in the directory, for checks that every listed topic was built. */
export function libraryFiles(libraryDir: string): string[] {
  return readdirSync(libraryDir).filter((name) => name.endsWith(".json") && name !== LIBRARY_MANIFEST_FILE);
}

export { SLANG_TOPIC };

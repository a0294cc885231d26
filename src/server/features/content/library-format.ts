import { z } from "zod";
import { TOPIC_CATEGORIES } from "@shared/api/topics";

/**
 * The shape of the committed content library (content/library/*.json), written by `npm run content:build`
 * and read at start-up. manifest.json lists the topics and carries a version hash of everything; each topic's
 * items live in <topic name>.json.
 */
export const libraryTopicSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  displayName: z.string().min(1),
  description: z.string().min(1),
  icon: z.string().min(1),
  category: z.enum(TOPIC_CATEGORIES),
});
export type LibraryTopic = z.infer<typeof libraryTopicSchema>;

export const libraryManifestSchema = z.object({
  /** sha256 over the topics and every item; a database that stored this version needs no upgrade. */
  version: z.string(),
  topics: z.array(libraryTopicSchema.extend({ itemCount: z.number().int() })),
});
export type LibraryManifest = z.infer<typeof libraryManifestSchema>;

export const libraryItemSchema = z.object({
  word: z.string().min(1),
  /** IPA between slashes, e.g. /ˈɛkwəti/, or null when no source had one. */
  pronunciation: z.string().nullable(),
  definition: z.string().min(1),
  example: z.string().nullable(),
  /** Delivery order within the topic: 1 comes first (common and easier words first). */
  rank: z.number().int().positive(),
  // The fields below arrived with the expert library (issue 14). They are optional so that a library built before
  // them still parses; the build always writes them.
  /** 1 beginner, 2 intermediate, 3 advanced (content/AUTHORING.md). */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** What decided the level: the editors, SUBTLEX frequency, or a WordNet domain label matching the topic. */
  levelSource: z.enum(["curated", "frequency", "domain"]).optional(),
  partOfSpeech: z.string().nullable().optional(),
  /** One or two sentences on why a professional needs the word; null when nothing is worth saying. */
  note: z.string().nullable().optional(),
  /** The etymology, short, where it helps (issue 27); null when none is given. Optional: older libraries lack it. */
  origin: z.string().nullable().optional(),
  /** For a quotation: where it is from ("Psalm 23:1") and whose translation it quotes; null otherwise. */
  reference: z.string().nullable().optional(),
  translation: z.string().nullable().optional(),
  /** The WordNet synset whose gloss or example the build used, e.g. "noun.possession:13403331"; null when none. */
  wordnetSense: z.string().nullable().optional(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryTopicFileSchema = z.object({
  topic: z.string(),
  sources: z.array(z.object({ name: z.string(), licence: z.string() })),
  items: z.array(libraryItemSchema),
});
export type LibraryTopicFile = z.infer<typeof libraryTopicFileSchema>;

export const LIBRARY_MANIFEST_FILE = "manifest.json";

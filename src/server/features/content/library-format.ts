import { z } from "zod";
import { TOPIC_CATEGORIES } from "../../../shared/api/topics";

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
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryTopicFileSchema = z.object({
  topic: z.string(),
  sources: z.array(z.object({ name: z.string(), licence: z.string() })),
  items: z.array(libraryItemSchema),
});
export type LibraryTopicFile = z.infer<typeof libraryTopicFileSchema>;

export const LIBRARY_MANIFEST_FILE = "manifest.json";

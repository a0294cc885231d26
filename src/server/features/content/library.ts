import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "@server/config";
import {
  LIBRARY_MANIFEST_FILE,
  libraryManifestSchema,
  libraryTopicFileSchema,
  type LibraryItem,
  type LibraryManifest,
  type LibraryTopic,
} from "./library-format";

/** Where `npm run content:build` writes the library that start-up seeds. */
export const LIBRARY_DIR = path.join(ROOT_DIR, "content/library");

export interface LoadedTopic {
  topic: LibraryTopic;
  items: LibraryItem[];
}

export function readLibraryManifest(libraryDir: string = LIBRARY_DIR): LibraryManifest {
  return libraryManifestSchema.parse(readJson(path.join(libraryDir, LIBRARY_MANIFEST_FILE)));
}

/** The topics of the manifest with their items, in library order. */
export function readLibraryTopics(
  manifest: LibraryManifest,
  libraryDir: string = LIBRARY_DIR,
): LoadedTopic[] {
  return manifest.topics.map(({ itemCount: _count, ...topic }) => {
    const file = libraryTopicFileSchema.parse(readJson(path.join(libraryDir, `${topic.name}.json`)));
    return { topic, items: file.items };
  });
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

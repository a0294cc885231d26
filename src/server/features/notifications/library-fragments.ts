import { sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { AppContext } from "@server/context";
import type { Database } from "@server/db/client";
import { preparedArrayRows } from "@server/db/raw";
import { topics, words } from "@server/db/schema";
import { jsonInteger, jsonObject, type JsonFields } from "./json-text";

/** The most words' (and, apart, topics') JSON one process keeps: a library's worth, some 10 MB at most. */
export const MAX_LIBRARY_FRAGMENTS = 20_000;

/**
 * A read's rows name words and topics by id; these are the JSON texts the list writes for them, as UTF-8 bytes: the
 * list's body is copied together from them, not encoded again for every answer.
 */
export interface FragmentLookup {
  word(id: number): Buffer;
  topic(id: number): Buffer;
}

/**
 * The poll's words and topics as the JSON text of its items' `content` and `topic`, kept in memory, so the poll's read
 * returns only the learner's own rows (words and topics are the same for everyone, and change only when the library
 * does). The kept text is of one library version (`library_version`, a new value whenever a statement writes words or
 * topics): every read of the poll reads the version with its rows, and a read that finds another version drops what
 * is kept before using it. What a read needs and this process has not kept is read at once, in one query, so an
 * answer is always complete and of the library as the read found it, or newer.
 */
export class LibraryFragments {
  private version: string | undefined;
  /** Moves with the version: a read that started before may not keep what it brought back. */
  private generation = 0;
  /**
   * Replaced, never emptied or shrunk (on a new version, or past the bound): a read keeps the maps it started with,
   * so what it found there is still there when it answers.
   */
  private words = new Map<number, Buffer>();
  private topics = new Map<number, Buffer>();

  constructor(
    private readonly readFragments: (wordIds: number[], topicIds: number[]) => Promise<unknown[][]>,
    private readonly maxEntries = MAX_LIBRARY_FRAGMENTS,
  ) {}

  /** The JSON of every word and topic named, as of `version` (the library version the read found) or newer. */
  async lookup(
    version: string,
    wordIds: Iterable<number>,
    topicIds: Iterable<number>,
  ): Promise<FragmentLookup> {
    if (version !== this.version) {
      this.version = version;
      this.generation += 1;
      this.words = new Map();
      this.topics = new Map();
    }
    const kept = { words: this.words, topics: this.topics };
    const missingWords = missingOf(kept.words, wordIds);
    const missingTopics = missingOf(kept.topics, topicIds);
    if (missingWords.length === 0 && missingTopics.length === 0) return lookupOf(kept.words, kept.topics);
    const generation = this.generation;
    const read = { words: new Map<number, Buffer>(), topics: new Map<number, Buffer>() };
    for (const [kind, id, json] of (await this.readFragments(missingWords, missingTopics)) as FragmentRow[]) {
      const bytes = Buffer.from(json);
      read[kind === WORD ? "words" : "topics"].set(id, bytes);
      // Read after the version was checked, so of that version or newer: kept unless the version moved meanwhile.
      if (generation === this.generation) this.keep(kind, id, bytes);
    }
    return lookupOf(kept.words, kept.topics, read.words, read.topics);
  }

  /** Past the bound it starts again from nothing: a library's words all fit, so this rarely happens. */
  private keep(kind: number, id: number, json: Buffer): void {
    if (kind === WORD) {
      if (this.words.size >= this.maxEntries) this.words = new Map();
      this.words.set(id, json);
    } else {
      if (this.topics.size >= this.maxEntries) this.topics = new Map();
      this.topics.set(id, json);
    }
  }
}

/** Which table a row of the fragments' query is of. */
const WORD = 0;
const TOPIC = 1;
type FragmentRow = [kind: number, id: number, json: string];

function missingOf(kept: Map<number, Buffer>, ids: Iterable<number>): number[] {
  const missing = new Set<number>();
  for (const id of ids) if (!kept.has(id)) missing.add(id);
  return [...missing];
}

const NOTHING_READ = new Map<number, Buffer>();
function lookupOf(
  words: Map<number, Buffer>,
  topics: Map<number, Buffer>,
  readWords = NOTHING_READ,
  readTopics = NOTHING_READ,
): FragmentLookup {
  return {
    // A delivery's word and topic always exist (foreign keys): a missing one is a bug, not an empty value.
    word: (id) => words.get(id) ?? readWords.get(id) ?? missingFragment("word", id),
    topic: (id) => topics.get(id) ?? readTopics.get(id) ?? missingFragment("topic", id),
  };
}

function missingFragment(kind: string, id: number): never {
  throw new Error(`the poll's read found no ${kind} ${id}`);
}

const fragmentsByDatabase = new WeakMap<Database, LibraryFragments>();
/** This process's library fragments of the context's database. */
export function libraryFragmentsOf({ db, dbKind }: Pick<AppContext, "db" | "dbKind">): LibraryFragments {
  let fragments = fragmentsByDatabase.get(db);
  if (!fragments) {
    const query = preparedArrayRows(db, dbKind, "library_fragments", fragmentsQuery(db));
    fragments = new LibraryFragments((wordIds, topicIds) => query({ wordIds, topicIds }));
    fragmentsByDatabase.set(db, fragments);
  }
  return fragments;
}

/** Words' and topics' JSON as the poll's items carry them (`content`, `topic`), by id, one query for both. */
function fragmentsQuery(db: Database) {
  /** One table's rows of the query: its kind, the row's id and its JSON, for the ids in the placeholder `ids`. */
  const jsonOf = (kind: number, table: typeof words | typeof topics, fields: JsonFields, ids: string) =>
    db
      .select({
        kind: sql<number>`${sql.raw(String(kind))}`.as("kind"),
        id: table.id,
        json: jsonObject(fields).as("json"),
      })
      .from(table as typeof words)
      .where(sql`${table.id} = any(${sql.placeholder(ids)}::int[])`);
  return unionAll(
    jsonOf(
      WORD,
      words,
      {
        id: jsonInteger(words.id),
        word: words.word,
        definition: words.definition,
        partOfSpeech: words.partOfSpeech,
        note: words.note,
      },
      "wordIds",
    ),
    jsonOf(
      TOPIC,
      topics,
      { name: topics.name, displayName: topics.displayName, category: topics.category },
      "topicIds",
    ),
  );
}

import { performance } from "node:perf_hooks";
import { eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_WORD_LEVEL } from "@shared/constants";
import type { AppContext } from "@server/context";
import type { Database } from "@server/db/client";
import { queryRows } from "@server/db/raw";
import { contentLibraryState, topics, words } from "@server/db/schema";
import { bare, columnsAndValues, excluded, setFromExcluded } from "@server/db/upsert";
import { LIBRARY_DIR, readLibraryManifest, readLibraryTopics, type LoadedTopic } from "./library";

/**
 * What to seed: the whole library (what main.ts does), or, for tests, a few topics with at most
 * `itemsPerTopic` items each. A partial seed never records the library version, so a later full seed still runs.
 */
export type LibrarySeed = "full" | { topics: string[]; itemsPerTopic?: number };

export interface SeedReport {
  version: string;
  /** True when the database already held this library version, so nothing was read or written. */
  upToDate: boolean;
  topicsAdded: number;
  wordsAdded: number;
  wordsUpdated: number;
  wordsRetired: number;
  ms: number;
}

const SOURCE_LIBRARY = "library";
const INSERT_BATCH_ROWS = 1000;
// Several instances may start together on one PostgreSQL: one of them applies the library, the others wait.
const SEED_LOCK_KEY = 727_002;

/**
 * Applies the built-in library idempotently, keyed by topic name + word: adds what is new, refreshes
 * library-sourced rows whose content changed, retires (soft-deletes) library words the library dropped, and never
 * touches rows whose source is "admin".
 */
export async function seedContentLibrary(
  ctx: AppContext,
  seed: LibrarySeed = "full",
  libraryDir: string = LIBRARY_DIR,
): Promise<SeedReport> {
  const startedAt = performance.now();
  const manifest = readLibraryManifest(libraryDir);
  const full = seed === "full";
  const report = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [state] = await tx.select().from(contentLibraryState).where(eq(contentLibraryState.id, 1));
    const base = {
      version: manifest.version,
      topicsAdded: 0,
      wordsAdded: 0,
      wordsUpdated: 0,
      wordsRetired: 0,
    };
    if (full && state?.version === manifest.version) return { ...base, upToDate: true };

    const library = selectTopics(readLibraryTopics(manifest, libraryDir), seed);
    const now = ctx.clock.now();
    const topicIds = await upsertTopics(tx, library);
    const counts = { ...base, upToDate: false, topicsAdded: topicIds.added };
    for (const { topic, items } of library) {
      const topicId = topicIds.byName.get(topic.name)!;
      for (let start = 0; start < items.length; start += INSERT_BATCH_ROWS) {
        const { added, updated } = await upsertWords(
          tx,
          topicId,
          items.slice(start, start + INSERT_BATCH_ROWS),
          now,
        );
        counts.wordsAdded += added;
        counts.wordsUpdated += updated;
      }
    }
    if (full) {
      counts.wordsRetired = await retireDroppedWords(tx, library, topicIds.byName, now);
      await tx
        .insert(contentLibraryState)
        .values({ id: 1, version: manifest.version, appliedAt: now })
        .onConflictDoUpdate({
          target: contentLibraryState.id,
          set: { version: manifest.version, appliedAt: now },
        });
    }
    return counts;
  });
  const result = { ...report, ms: Math.round(performance.now() - startedAt) };
  if (!result.upToDate) ctx.log.info(result, "content library applied");
  return result;
}

function selectTopics(library: LoadedTopic[], seed: LibrarySeed): LoadedTopic[] {
  if (seed === "full") return library;
  const wanted = new Set(seed.topics);
  const unknown = seed.topics.filter((name) => !library.some(({ topic }) => topic.name === name));
  if (unknown.length > 0) throw new Error(`Unknown library topics: ${unknown.join(", ")}`);
  return library
    .filter(({ topic }) => wanted.has(topic.name))
    .map(({ topic, items }) => ({ topic, items: items.slice(0, seed.itemsPerTopic ?? items.length) }));
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Adds new topics, refreshes library topics; returns every library topic's id by name. */
async function upsertTopics(
  tx: Transaction,
  library: LoadedTopic[],
): Promise<{ byName: Map<string, number>; added: number }> {
  const names = library.map(({ topic }) => topic.name);
  const existing = await tx.select({ name: topics.name }).from(topics).where(inArray(topics.name, names));
  await tx
    .insert(topics)
    .values(library.map(({ topic }) => ({ ...topic, source: SOURCE_LIBRARY })))
    .onConflictDoUpdate({
      target: topics.name,
      set: {
        displayName: sql`excluded.display_name`,
        description: sql`excluded.description`,
        icon: sql`excluded.icon`,
        category: sql`excluded.category`,
      },
      setWhere: sql`${topics.source} = ${SOURCE_LIBRARY}`,
    });
  const rows = await tx
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(inArray(topics.name, names));
  return { byName: new Map(rows.map((row) => [row.name, row.id])), added: names.length - existing.length };
}

async function upsertWords(
  tx: Transaction,
  topicId: number,
  items: LoadedTopic["items"],
  now: Date,
): Promise<{ added: number; updated: number }> {
  if (items.length === 0) return { added: 0, updated: 0 };
  // A library built before levels (issue 14) lacks the new fields: level 2 and nulls.
  const values = columnsAndValues(
    {
      topicId: words.topicId,
      word: words.word,
      definition: words.definition,
      example: words.example,
      pronunciation: words.pronunciation,
      rank: words.rank,
      level: words.level,
      partOfSpeech: words.partOfSpeech,
      note: words.note,
      origin: words.origin,
      reference: words.reference,
      translation: words.translation,
      source: words.source,
      createdAt: words.createdAt,
      updatedAt: words.updatedAt,
    },
    items.map((item) => ({
      topicId,
      word: item.word,
      definition: item.definition,
      example: item.example,
      pronunciation: item.pronunciation,
      rank: item.rank,
      level: item.level ?? DEFAULT_WORD_LEVEL,
      partOfSpeech: item.partOfSpeech ?? null,
      note: item.note ?? null,
      origin: item.origin ?? null,
      reference: item.reference ?? null,
      translation: item.translation ?? null,
      source: SOURCE_LIBRARY,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const refreshed = [
    words.word,
    words.definition,
    words.example,
    words.pronunciation,
    words.rank,
    words.level,
    words.partOfSpeech,
    words.note,
    words.origin,
    words.reference,
    words.translation,
  ];
  // One statement adds new words and refreshes changed library words; admin-sourced and deleted rows stay as
  // they are. xmax = 0 tells an inserted row from an updated one.
  const rows = await queryRows<{ inserted: boolean }>(
    tx,
    sql`insert into ${words} ${values}
        on conflict (${bare(words.topicId)}, lower(${bare(words.word)})) do update set
          ${setFromExcluded([...refreshed, words.updatedAt])}
        where ${words.source} = ${SOURCE_LIBRARY} and ${words.deletedAt} is null
          and (${sql.join(refreshed, sql`, `)}) is distinct from (${sql.join(refreshed.map(excluded), sql`, `)})
        returning (xmax = 0) as inserted`,
  );
  const added = rows.filter((row) => row.inserted).length;
  return { added, updated: rows.length - added };
}

/** Library words the library no longer lists are soft-deleted, so history and favorites still show them. */
async function retireDroppedWords(
  tx: Transaction,
  library: LoadedTopic[],
  topicIds: Map<string, number>,
  now: Date,
): Promise<number> {
  const kept = new Set<string>();
  for (const { topic, items } of library) {
    for (const item of items) kept.add(`${topicIds.get(topic.name)}:${item.word.toLowerCase()}`);
  }
  const live = await tx
    .select({ id: words.id, topicId: words.topicId, word: words.word })
    .from(words)
    .where(sql`${words.source} = ${SOURCE_LIBRARY} and ${words.deletedAt} is null`);
  const dropped = live
    .filter((row) => !kept.has(`${row.topicId}:${row.word.toLowerCase()}`))
    .map((row) => row.id);
  if (dropped.length > 0) {
    await tx.update(words).set({ deletedAt: now, updatedAt: now }).where(inArray(words.id, dropped));
  }
  return dropped.length;
}

/** The library's sources and licence notices (content/CREDITS.json), for the About page and the e-mail footer. */
export { readLibraryCredits } from "./credits";
export type { LibraryItem, LibraryManifest, LibraryTopic } from "./library-format";

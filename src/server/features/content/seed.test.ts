import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentLibraryState, topics, words } from "@server/db/schema";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { readLibraryManifest } from "./library";
import type { LibraryItem, LibraryManifest, LibraryTopic } from "./library-format";
import { seedContentLibrary } from "./service";

async function countLiveWords(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(words)
    .where(isNull(words.deletedAt));
  return row!.count;
}

describe("seeding the committed library", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("puts every topic and item in a fresh database, and adds nothing the second time", async () => {
    const manifest = readLibraryManifest();
    const expectedItems = manifest.topics.reduce((sum, topic) => sum + topic.itemCount, 0);

    const first = await seedContentLibrary(t.ctx);
    expect(first.upToDate).toBe(false);
    expect(first.wordsAdded).toBe(expectedItems);
    const topicRows = await t.ctx.db.select().from(topics);
    expect(topicRows.map((row) => row.name).sort()).toEqual(
      manifest.topics.map((topic) => topic.name).sort(),
    );
    expect(await countLiveWords(t)).toBe(expectedItems);

    const second = await seedContentLibrary(t.ctx);
    expect(second).toMatchObject({ upToDate: true, wordsAdded: 0, wordsUpdated: 0, topicsAdded: 0 });
    expect(await countLiveWords(t)).toBe(expectedItems);
  });
});

describe("library upgrades", () => {
  let t: TestApp;
  let dir: string;
  const topic: LibraryTopic = {
    name: "finance",
    displayName: "Finance",
    description: "Money words.",
    icon: "💰",
    category: "business",
  };
  const item = (word: string, definition: string, rank: number): LibraryItem => ({
    word,
    pronunciation: null,
    definition,
    example: null,
    rank,
  });

  function writeLibrary(version: string, items: LibraryItem[], topicOverrides: Partial<LibraryTopic> = {}) {
    const libraryTopic = { ...topic, ...topicOverrides };
    const manifest: LibraryManifest = { version, topics: [{ ...libraryTopic, itemCount: items.length }] };
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    writeFileSync(path.join(dir, "finance.json"), JSON.stringify({ topic: topic.name, sources: [], items }));
  }

  async function wordRow(word: string) {
    const [row] = await t.ctx.db.select().from(words).where(eq(words.word, word));
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), "jargon-library-"));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("adds new entries, refreshes changed library rows, retires dropped ones and leaves admin rows alone", async () => {
    writeLibrary("v1", [
      item("equity", "Ownership interest.", 1),
      item("bond", "A debt certificate.", 2),
      item("yield", "Income from an investment.", 3),
      item("escrow", "Money held by a third party.", 4),
    ]);
    expect(await seedContentLibrary(t.ctx, "full", dir)).toMatchObject({ topicsAdded: 1, wordsAdded: 4 });

    // An admin edits one library word and adds one of their own.
    await t.ctx.db
      .update(words)
      .set({ definition: "Edited by an admin.", source: "admin" })
      .where(eq(words.word, "bond"));
    const [financeTopic] = await t.ctx.db.select().from(topics).where(eq(topics.name, "finance"));
    await t.ctx.db.insert(words).values({
      topicId: financeTopic!.id,
      word: "Coupon",
      definition: "Admin's own word.",
      source: "admin",
    });

    writeLibrary(
      "v2",
      [
        item("Equity", "The ownership interest of shareholders.", 1),
        item("bond", "A certificate of debt.", 2),
        item("yield", "Income from an investment.", 3),
        item("coupon", "Library coupon.", 5),
        item("dividend", "A share of profits.", 6),
      ],
      { description: "Markets and money." },
    );
    const upgrade = await seedContentLibrary(t.ctx, "full", dir);
    expect(upgrade).toMatchObject({
      upToDate: false,
      topicsAdded: 0,
      wordsAdded: 1,
      wordsUpdated: 1,
      wordsRetired: 1,
    });

    expect(await wordRow("Equity")).toMatchObject({ definition: "The ownership interest of shareholders." });
    expect(await wordRow("bond")).toMatchObject({ definition: "Edited by an admin.", source: "admin" });
    expect(await wordRow("Coupon")).toMatchObject({ definition: "Admin's own word.", source: "admin" });
    expect(await wordRow("dividend")).toMatchObject({ definition: "A share of profits.", source: "library" });
    expect((await wordRow("escrow"))?.deletedAt).toBeInstanceOf(Date);
    const [refreshedTopic] = await t.ctx.db.select().from(topics).where(eq(topics.name, "finance"));
    expect(refreshedTopic!.description).toBe("Markets and money.");

    const repeat = await seedContentLibrary(t.ctx, "full", dir);
    expect(repeat.upToDate).toBe(true);
    const financeWords = await t.ctx.db
      .select()
      .from(words)
      .where(and(eq(words.topicId, financeTopic!.id), isNull(words.deletedAt)));
    expect(financeWords).toHaveLength(5);
  });

  it("seeds a library without levels as level 2 with empty fields, and takes the new fields on an upgrade", async () => {
    writeLibrary("levels-v1", [item("amortization", "Spreading a cost over time.", 1)]);
    await seedContentLibrary(t.ctx, "full", dir);
    expect(await wordRow("amortization")).toMatchObject({
      level: 2,
      partOfSpeech: null,
      note: null,
      reference: null,
      translation: null,
    });

    writeLibrary("levels-v2", [
      {
        ...item("amortization", "Spreading a cost over time.", 1),
        level: 3,
        partOfSpeech: "noun",
        note: "Lenders quote it in schedules.",
        origin: "From Anglo-French amortir.",
        reference: "Ledger 1:1",
        translation: "Jargon editors' rendering",
      },
    ]);
    expect(await seedContentLibrary(t.ctx, "full", dir)).toMatchObject({ wordsUpdated: 1 });
    expect(await wordRow("amortization")).toMatchObject({
      level: 3,
      partOfSpeech: "noun",
      note: "Lenders quote it in schedules.",
      origin: "From Anglo-French amortir.",
      reference: "Ledger 1:1",
      translation: "Jargon editors' rendering",
    });
  });

  it("never overwrites a topic an admin owns", async () => {
    await t.ctx.db
      .update(topics)
      .set({ displayName: "Money (admin)", source: "admin" })
      .where(eq(topics.name, "finance"));
    writeLibrary("v3", [item("equity", "Ownership interest.", 1)], { displayName: "Finance v3" });
    await seedContentLibrary(t.ctx, "full", dir);
    const [row] = await t.ctx.db.select().from(topics).where(eq(topics.name, "finance"));
    expect(row!.displayName).toBe("Money (admin)");
  });
});

describe("seeding a subset for tests", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ library: { topics: ["finance", "vocabulary"], itemsPerTopic: 5 } });
  });
  afterAll(() => t.close());

  it("seeds only the named topics, a few items each, without recording the library version", async () => {
    const topicRows = await t.ctx.db.select().from(topics);
    expect(topicRows.map((row) => row.name).sort()).toEqual(["finance", "vocabulary"]);
    expect(await countLiveWords(t)).toBe(10);
    expect(await t.ctx.db.select().from(contentLibraryState)).toEqual([]);
  });
});

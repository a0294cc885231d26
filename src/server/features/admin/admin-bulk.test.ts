import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, words } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";
import { sortBulkRows } from "./bulk";

describe("sortBulkRows", () => {
  it("reports bad rows by index, keeps the first of repeated words (any case), and only needs word + definition", () => {
    const sorted = sortBulkRows([
      { word: "Alpha", definition: "First." },
      { word: "alpha", definition: "Again." },
      { definition: "No word." },
      "just a string",
      { word: "Beta", definition: "Second.", example: "An example.", pronunciation: "/ˈbeɪtə/", extra: 1 },
      null,
      { word: "Gamma", definition: "   " },
    ]);
    expect(sorted.valid.map((row) => row.word)).toEqual(["Alpha", "Beta"]);
    expect(sorted.valid[1]).toEqual({
      word: "Beta",
      definition: "Second.",
      example: "An example.",
      pronunciation: "/ˈbeɪtə/",
      // The library's fields a row leaves out: the default level, no part of speech, no note.
      level: 2,
      partOfSpeech: null,
      note: null,
    });
    expect(sorted.repeated).toEqual(["alpha"]);
    expect(sorted.errors).toEqual([
      { index: 2, word: null, message: "Word is required" },
      { index: 3, word: null, message: "Each entry must be an object with word and definition" },
      { index: 5, word: null, message: "Each entry must be an object with word and definition" },
      { index: 6, word: "Gamma", message: "Definition is required" },
    ]);
  });
});

describe("POST /api/admin/content/bulk", () => {
  let kit: AdminTestKit;
  let topic: FixtureTopic;

  beforeAll(async () => {
    kit = await createAdminTestKit();
    topic = await insertTopic(kit.t.ctx, "finance", 3);
  });
  afterAll(() => kit.t.close());

  const upload = (words: unknown, topicId: unknown = topic.id) =>
    kit.asAdmin("POST", "/api/admin/content/bulk", { topicId, words });
  const liveWords = async () =>
    (
      await kit.t.ctx.db
        .select({ word: words.word, source: words.source })
        .from(words)
        .where(and(eq(words.topicId, topic.id), isNull(words.deletedAt)))
        // Without an order the plan decides it, and an index added elsewhere can change it.
        .orderBy(asc(words.id))
    ).map((row) => row.word);

  it("accepts one object", async () => {
    const response = await upload({ word: "Ledger", definition: "A book of accounts." });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 1, total: 1, errors: [], skipped: 0, skippedWords: [] });
  });

  it("accepts an array: skips duplicates in the topic and in the upload (any case), reports bad rows by index", async () => {
    const response = await upload([
      { word: "Accrual", definition: "Recognised before cash moves." },
      { word: "LEDGER", definition: "Already there (different case)." },
      { word: "finance-1", definition: "A fixture word." },
      { word: "Amortise", definition: "Spread a cost over time.", example: "We amortise the loan." },
      { word: "accrual", definition: "Repeated in this upload." },
      { word: "Broken" },
      42,
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      created: 2,
      total: 7,
      skipped: 3,
      skippedWords: ["LEDGER", "finance-1", "accrual"],
      errors: [
        { index: 5, word: "Broken", message: "Definition is required" },
        { index: 6, word: null, message: "Each entry must be an object with word and definition" },
      ],
    });
    expect(await liveWords()).toEqual(expect.arrayContaining(["Accrual", "Amortise", "Ledger", "finance-1"]));
    const rows = await kit.t.ctx.db.select().from(words).where(eq(words.word, "Amortise"));
    expect(rows[0]).toMatchObject({ source: "admin", example: "We amortise the loan.", pronunciation: null });
    const [audit] = await kit.t.ctx.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "word.bulk_create"))
      .orderBy(adminAudit.id)
      .offset(1);
    expect(audit).toMatchObject({
      entityType: "topic",
      entityId: String(topic.id),
      after: {
        created: ["Accrual", "Amortise"],
        skippedWords: ["LEDGER", "finance-1", "accrual"],
        errors: 2,
        total: 7,
      },
    });
  });

  it("restores a word deleted earlier instead of failing on it", async () => {
    const [row] = await kit.t.ctx.db.select().from(words).where(eq(words.word, "Ledger"));
    expect((await kit.asAdmin("DELETE", `/api/admin/content/${row!.id}`)).statusCode).toBe(200);
    const response = await upload([{ word: "ledger", definition: "Restored." }]);
    expect(response.json()).toMatchObject({ created: 1, skipped: 0 });
    const [restored] = await kit.t.ctx.db.select().from(words).where(eq(words.id, row!.id));
    expect(restored).toMatchObject({ word: "ledger", definition: "Restored.", deletedAt: null });
  });

  it("inserts all valid rows in one transaction: a failure part-way leaves nothing behind", async () => {
    const before = await liveWords();
    // The database refuses one word of the second batch (a constraint added for this test only).
    await kit.t.ctx.db.execute(
      sql`alter table words add constraint test_poison check (word <> 'atomic-2400')`,
    );
    try {
      const rows = Array.from({ length: 2500 }, (_, index) => ({ word: `atomic-${index}`, definition: "d" }));
      const response = await upload(rows);
      expect(response.statusCode).toBe(500);
      expect(await liveWords()).toEqual(before);
    } finally {
      await kit.t.ctx.db.execute(sql`alter table words drop constraint test_poison`);
    }
  });

  it("refuses a NUL byte as bad input (400 for the row), not a database error", async () => {
    const response = await upload([
      { word: "nul\u0000word", definition: "d" },
      { word: "fine", definition: "d" },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      created: 1,
      errors: [{ index: 0, message: "Word contains an invalid character" }],
    });
  });

  it("counts only valid rows as created; an upload of only bad or duplicate rows creates nothing", async () => {
    const response = await upload([{ word: "Accrual", definition: "dup" }, { nope: true }]);
    expect(response.json()).toMatchObject({ created: 0, total: 2, skipped: 1 });
  });

  it.each([
    [{ words: [{ word: "x", definition: "y" }] }, 400, "Please select a topic for bulk upload"],
    [{ topicId: "", words: [{ word: "x", definition: "y" }] }, 400, "Please select a topic for bulk upload"],
    [{ topicId: 999999, words: [{ word: "x", definition: "y" }] }, 404, "Topic not found"],
    [{ topicId: 1 }, 400, "Please enter JSON data"],
    [{ topicId: 1, words: null }, 400, "Please enter JSON data"],
    [{ topicId: 1, words: "word,definition" }, 400, "words must be one word object or an array of them"],
    [{ topicId: 1, words: 7 }, 400, "words must be one word object or an array of them"],
    [{ topicId: 1, words: [] }, 400, "The upload contains no words"],
    [
      { topicId: 1, words: Array.from({ length: 10_001 }, () => ({})) },
      400,
      "At most 10,000 words per upload",
    ],
  ])("refuses %j", async (payload, status, message) => {
    const response = await kit.asAdmin("POST", "/api/admin/content/bulk", payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
  });

  it("refuses malformed JSON and an oversized body with 4xx", async () => {
    expect(
      (await kit.asAdmin("POST", "/api/admin/content/bulk", '{"topicId": 1, "words": [')).statusCode,
    ).toBe(400);
    const huge = JSON.stringify({
      topicId: topic.id,
      words: [{ word: "x", definition: "y".repeat(3 * 1024 * 1024) }],
    });
    expect((await kit.asAdmin("POST", "/api/admin/content/bulk", huge)).statusCode).toBe(413);
  });

  it("adds 5,000 words quickly (the benchmark measures it properly)", async () => {
    const big = await insertTopic(kit.t.ctx, "big", 0);
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      word: `term-${index}`,
      definition: `Definition of term ${index}.`,
      example: `An example with term ${index}.`,
    }));
    const started = performance.now();
    const response = await upload(rows, big.id);
    expect(response.json()).toMatchObject({ created: 5000, total: 5000, skipped: 0, errors: [] });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORD_SEARCH_DEFAULT_LIMIT, wordSearchResponseSchema } from "@shared/api/search";
import { topics, words } from "@server/db/schema";
import { createTestApp, type TestApp } from "@server/testing/test-app";

describe("GET /api/search (Discover's word search)", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ library: { topics: ["finance", "vocabulary", "legal"] } });
    ({ cookie } = await t.signIn({ email: "searcher@jargon.test" }));
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/search?${query}`, headers: { cookie } });
    return { status: response.statusCode, body: response.json() };
  };
  const found = async (q: string, limit?: number) => {
    const { status, body } = await search(
      `q=${encodeURIComponent(q)}${limit === undefined ? "" : `&limit=${limit}`}`,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return wordSearchResponseSchema.parse(body).words;
  };

  it("finds 'arbitrage' first, and says it is in Finance", async () => {
    const [first] = await found("Arbitrage");
    expect(first).toMatchObject({
      word: "arbitrage",
      matchedOn: "word",
      topic: { name: "finance", displayName: "Finance", icon: "💰" },
    });
    expect(first!.definition.length).toBeGreaterThan(10);
  });

  it("finds words by the start of the word, then by their definitions, within the limit", async () => {
    const results = await found("bond", 20);
    const byWord = results.filter((result) => result.matchedOn === "word");
    const byDefinition = results.filter((result) => result.matchedOn === "definition");
    expect(byWord.length).toBeGreaterThan(0);
    expect(byDefinition.length).toBeGreaterThan(0);
    expect(results.indexOf(byDefinition[0]!)).toBe(byWord.length);
    for (const result of byWord) expect(result.word.toLowerCase().startsWith("bond")).toBe(true);
    for (const result of byDefinition) expect(result.definition.toLowerCase()).toContain("bond");
    expect(await found("bond")).toHaveLength(WORD_SEARCH_DEFAULT_LIMIT);
    expect(await found("bond", 3)).toHaveLength(3);
  });

  it("takes % and _ literally and finds nothing for text the library lacks", async () => {
    for (const result of await found("%_")) expect(result.definition).toContain("%_");
    expect(await found("zzqxjv")).toEqual([]);
  });

  it("never finds a deleted word", async () => {
    const [finance] = await t.ctx.db.select().from(topics).where(eq(topics.name, "finance"));
    await t.ctx.db
      .update(words)
      .set({ deletedAt: new Date() })
      .where(and(eq(words.topicId, finance!.id), sql`lower(${words.word}) = 'arbitrage'`));
    expect((await found("arbitrage")).map((result) => result.word)).not.toContain("arbitrage");
  });

  it("answers 400 with a message for a missing, short, long or broken query or a bad limit, 401 signed out", async () => {
    for (const query of [
      "",
      "q=a",
      `q=${"x".repeat(61)}`,
      "q=ab%00c",
      "q=bond&limit=0",
      "q=bond&limit=21",
      "q=bond&limit=many",
    ]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body.message, query).toEqual(expect.any(String));
    }
    const signedOut = await t.app.inject({ method: "GET", url: "/api/search?q=bond" });
    expect(signedOut.statusCode).toBe(401);
  });
});

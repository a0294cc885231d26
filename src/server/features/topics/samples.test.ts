import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topicListSchema, topicSamplesResponseSchema } from "@shared/api/topics";
import { words } from "@server/db/schema";
import { createTestApp, type TestApp } from "@server/testing/test-app";

const ITEMS_PER_TOPIC = 9;

describe("GET /api/topics/samples", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      library: { topics: ["legal", "gardening", "finance"], itemsPerTopic: ITEMS_PER_TOPIC },
    });
    // A topic's first few library items share a level; spread them over the three, a third each in delivery order.
    await t.ctx.db.execute(sql`
      update words set level = ranked.third from (
        select id, ntile(3) over (partition by topic_id order by rank, id) as third from words
      ) ranked where words.id = ranked.id`);
  });
  afterAll(() => t.close());

  const fetchSamples = async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/topics/samples" });
    expect(response.statusCode).toBe(200);
    return topicSamplesResponseSchema.parse(response.json()).topics;
  };

  it("answers without sign-in with the sampled professional domains only, in page order", async () => {
    const topics = await fetchSamples();
    // gardening is not a sampled domain; business, technology, medical and academic are not seeded here.
    expect(topics.map((topic) => topic.name)).toEqual(["finance", "legal"]);
    expect(topics[0]).toMatchObject({ displayName: "Finance", icon: "💰", wordCount: ITEMS_PER_TOPIC });
  });

  it("gives three real library words per domain, one from each level, badged with that level's name", async () => {
    const [finance] = await fetchSamples();
    expect(finance!.words.map((word) => word.level)).toEqual(["Beginner", "Intermediate", "Advanced"]);
    const stored = await t.ctx.db
      .select({ word: words.word, definition: words.definition, level: words.level })
      .from(words)
      .where(sql`${words.topicId} = (select id from topics where name = 'finance')`);
    finance!.words.forEach((sample, index) => {
      const row = stored.find((candidate) => candidate.word === sample.word);
      expect(row?.level, sample.word).toBe(index + 1);
      expect(sample.definition).toBe(row!.definition);
    });
  });

  it("gives every topic of GET /api/topics the same three sample words, for Discover's cards", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/topics" });
    const listed = topicListSchema.parse(response.json());
    const samples = await fetchSamples();
    for (const name of ["finance", "legal"]) {
      const sampled = samples.find((topic) => topic.name === name)!.words.map((word) => word.word);
      expect(listed.find((topic) => topic.name === name)!.sampleWords, name).toEqual(sampled);
    }
    // Not a sampled domain of /topics, and still three words on its Discover card.
    expect(listed.find((topic) => topic.name === "gardening")!.sampleWords).toHaveLength(3);
  });

  it("never shows a deleted word and counts only live ones", async () => {
    const [before] = await fetchSamples();
    const shown = before!.words[0]!.word;
    await t.ctx.db.update(words).set({ deletedAt: new Date() }).where(eq(words.word, shown));
    const [after] = await fetchSamples();
    expect(after!.words.map((word) => word.word)).not.toContain(shown);
    expect(after!.wordCount).toBe(ITEMS_PER_TOPIC - 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topicListSchema } from "@shared/api/topics";
import { topics } from "@server/db/schema";
import { createTestApp, type TestApp } from "@server/testing/test-app";

describe("GET /api/topics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      library: { topics: ["vocabulary", "finance", "gardening"], itemsPerTopic: 1 },
    });
  });
  afterAll(() => t.close());

  it("lists the topics with their notification category and Discover tab, without sign-in", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/topics" });
    expect(response.statusCode).toBe(200);
    const body = topicListSchema.parse(response.json());
    expect(body.map((topic) => topic.name)).toEqual(["vocabulary", "finance", "gardening"]);
    expect(body[1]).toMatchObject({
      name: "finance",
      displayName: "Finance",
      icon: "💰",
      category: "business",
      tab: "Pro",
    });
    expect(body[1]!.description.length).toBeGreaterThan(10);
    expect(body[2]).toMatchObject({ name: "gardening", tab: "Lifestyle", category: "vocabulary" });
  });

  it("shows an admin's topic with an unknown category under the vocabulary icon", async () => {
    await t.ctx.db.insert(topics).values({
      name: "sikh_verses_extra",
      displayName: "More Sikh Verses",
      icon: "🪯",
      category: "hymns",
      source: "admin",
    });
    const body = topicListSchema.parse((await t.app.inject({ method: "GET", url: "/api/topics" })).json());
    expect(body.at(-1)).toMatchObject({
      name: "sikh_verses_extra",
      category: "vocabulary",
      tab: "Religious",
    });
  });
});

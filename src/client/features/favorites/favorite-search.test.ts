import { describe, expect, it } from "vitest";
import type { Favorite } from "@shared/api/favorites";
import { filterFavorites } from "./favorite-search";

const favorite = (word: string, definition: string, topic: string): Favorite => ({
  contentId: word.length,
  createdAt: "2026-01-01T00:00:00.000Z",
  content: {
    id: word.length,
    word,
    definition,
    pronunciation: null,
    example: null,
    level: 2,
    partOfSpeech: null,
    note: null,
    origin: null,
    reference: null,
    translation: null,
    topic: { name: topic.toLowerCase(), displayName: topic, category: "business" },
  },
});

const list = [
  favorite("Arbitrage", "Profiting from a price difference between markets.", "Finance"),
  favorite("Filibuster", "Prolonged speech that delays a vote.", "Politics"),
];

describe("filterFavorites", () => {
  it("keeps everything for an empty or blank search", () => {
    expect(filterFavorites(list, "  ")).toHaveLength(2);
  });

  it("matches the word, the definition or the topic, ignoring case", () => {
    expect(filterFavorites(list, "ARBIT").map((f) => f.content.word)).toEqual(["Arbitrage"]);
    expect(filterFavorites(list, "delays a")).toHaveLength(1);
    expect(filterFavorites(list, "politics").map((f) => f.content.word)).toEqual(["Filibuster"]);
    expect(filterFavorites(list, "zebra")).toEqual([]);
  });
});

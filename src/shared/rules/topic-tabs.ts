/**
 * Which Discover tab (learner-core §"Discover": All, Religious, Learning, Pro, Lifestyle) a topic belongs to.
 * Client and server both use this, so the tab a card shows under and the `tab` field of GET /api/topics agree.
 *
 * - Religious: every topic whose internal name contains `verses` or `buddhist` (the spec's naming rule for
 *   religious topics), plus the general `religion` topic.
 * - Learning: language and study topics (vocabulary, idioms, slang, academic, science, philosophy).
 * - Pro: professional domains (business, finance, politics, technology, legal, medical).
 * - Lifestyle: everyday interests (health, wellness, travel, food, gaming, art, painting, sports, football,
 *   gardening).
 * - A topic this list does not know (for example one an admin created) falls under Learning.
 */
export const DISCOVER_TABS = ["Religious", "Learning", "Pro", "Lifestyle"] as const;
export type DiscoverTab = (typeof DISCOVER_TABS)[number];

/** The tab that lists every topic; it is not a category of its own. */
export const DISCOVER_ALL_TAB = "All";

const TAB_BY_TOPIC: Readonly<Record<string, DiscoverTab>> = {
  religion: "Religious",
  vocabulary: "Learning",
  idioms: "Learning",
  slang: "Learning",
  academic: "Learning",
  science: "Learning",
  philosophy: "Learning",
  business: "Pro",
  finance: "Pro",
  politics: "Pro",
  technology: "Pro",
  legal: "Pro",
  medical: "Pro",
  health: "Lifestyle",
  wellness: "Lifestyle",
  travel: "Lifestyle",
  food: "Lifestyle",
  gaming: "Lifestyle",
  art: "Lifestyle",
  painting: "Lifestyle",
  sports: "Lifestyle",
  football: "Lifestyle",
  gardening: "Lifestyle",
};

const FALLBACK_TAB: DiscoverTab = "Learning";

/** True for the religious topics, named (as the spec says) with `verses` or `buddhist`. */
export function isReligiousTopicName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.includes("verses") || lower.includes("buddhist");
}

export function discoverTabOf(topicName: string): DiscoverTab {
  if (isReligiousTopicName(topicName)) return "Religious";
  return TAB_BY_TOPIC[topicName.toLowerCase()] ?? FALLBACK_TAB;
}

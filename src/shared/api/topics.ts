import { z } from "zod";
import { WORD_LEVEL_NAMES } from "../constants";
import { DISCOVER_TABS } from "../rules/topic-tabs";

/** Notification icon families (learner-core §"Notification"); anything else shows the vocabulary icon. */
export const TOPIC_CATEGORIES = ["vocabulary", "idioms", "business", "academic", "slang"] as const;
export type TopicCategory = (typeof TOPIC_CATEGORIES)[number];

export const topicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.enum(TOPIC_CATEGORIES),
  /** The Discover tab the topic is listed under (see shared/rules/topic-tabs.ts). */
  tab: z.enum(DISCOVER_TABS),
  /** Issue 29 (ours, additive): three of the topic's words, one per level (Beginner first); empty for an empty topic. */
  sampleWords: z.array(z.string()),
});
export type Topic = z.infer<typeof topicSchema>;

/** GET /api/topics */
export const topicListSchema = z.array(topicSchema);

export const topicSampleSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  icon: z.string(),
  wordCount: z.number().int(),
  /** One word per level, Beginner first. */
  words: z.array(
    z.object({
      word: z.string(),
      definition: z.string(),
      pronunciation: z.string().nullable(),
      /** The word's library level, by name. */
      level: z.enum(WORD_LEVEL_NAMES),
    }),
  ),
});
export type TopicSample = z.infer<typeof topicSampleSchema>;

/** GET /api/topics/samples (public: the /topics marketing page) */
export const topicSamplesResponseSchema = z.object({ topics: z.array(topicSampleSchema) });
export type TopicSamplesResponse = z.infer<typeof topicSamplesResponseSchema>;

import { z } from "zod";
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
});
export type Topic = z.infer<typeof topicSchema>;

/** GET /api/topics */
export const topicListSchema = z.array(topicSchema);

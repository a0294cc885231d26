import { asc } from "drizzle-orm";
import { TOPIC_CATEGORIES, type Topic, type TopicCategory } from "@shared/api/topics";
import { discoverTabOf } from "@shared/rules/topic-tabs";
import type { AppContext } from "@server/context";
import { topics } from "@server/db/schema";
import { sampleWordsByTopicId } from "./samples";

/** Every topic, in library order (admin-created topics after it), with its Discover tab and three sample words. */
export async function listTopics(ctx: AppContext): Promise<Topic[]> {
  const [rows, samples] = await Promise.all([
    ctx.db.select().from(topics).orderBy(asc(topics.id)),
    sampleWordsByTopicId(ctx),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    icon: row.icon,
    category: notificationCategory(row.category),
    tab: discoverTabOf(row.name),
    sampleWords: samples.get(row.id) ?? [],
  }));
}

/** Unknown categories show the vocabulary icon (learner-core §"Notification"). */
function notificationCategory(category: string): TopicCategory {
  return (TOPIC_CATEGORIES as readonly string[]).includes(category)
    ? (category as TopicCategory)
    : "vocabulary";
}

import { asc } from "drizzle-orm";
import { TOPIC_CATEGORIES, type Topic, type TopicCategory } from "@shared/api/topics";
import { discoverTabOf } from "@shared/rules/topic-tabs";
import type { AppContext } from "@server/context";
import { topics } from "@server/db/schema";

/** Every topic, in library order (admin-created topics after it), with its Discover tab. */
export async function listTopics(ctx: AppContext): Promise<Topic[]> {
  const rows = await ctx.db.select().from(topics).orderBy(asc(topics.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    icon: row.icon,
    category: notificationCategory(row.category),
    tab: discoverTabOf(row.name),
  }));
}

/** Unknown categories show the vocabulary icon (learner-core §"Notification"). */
function notificationCategory(category: string): TopicCategory {
  return (TOPIC_CATEGORIES as readonly string[]).includes(category)
    ? (category as TopicCategory)
    : "vocabulary";
}

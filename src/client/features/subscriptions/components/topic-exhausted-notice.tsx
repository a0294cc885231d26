import Compass from "lucide-react/icons/compass";
import { Link } from "wouter";
import type { Subscription } from "@shared/api/subscriptions";
import { discoverTabOf } from "@shared/rules/topic-tabs";
import { cn } from "@client/lib/utils";

/**
 * A subscription whose topic has no new word left for the learner (every level received): its sends now carry
 * reviews only, so the card says so and offers related topics (Discover, on the topic's own tab) instead of going
 * quiet. The next level is no offer: delivery already moves on to the other levels before a topic runs out.
 */
export function TopicExhaustedNotice({
  subscription,
  className,
}: {
  subscription: Pick<Subscription, "id" | "topic">;
  className?: string;
}) {
  const tab = discoverTabOf(subscription.topic.name);
  return (
    <p className={cn("text-xs text-muted-foreground", className)} data-testid="topic-exhausted">
      You have every word of {subscription.topic.displayName}: reviews go on, new words have run out.{" "}
      <Link
        href={`/discover?tab=${encodeURIComponent(tab)}`}
        className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
      >
        <Compass className="size-3.5" aria-hidden />
        Find a related topic
      </Link>
    </p>
  );
}

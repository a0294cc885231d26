import Check from "lucide-react/icons/check";
import { useMemo, useState } from "react";
import type { Topic } from "@shared/api/topics";
import { SearchInput } from "@client/components/ui/search-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";
import { matchesTopicSearch } from "../topic-search";

/** Step 1: every topic with its name and description; topics already subscribed to cannot be picked twice. */
export function TopicStep({
  topics,
  isLoading,
  subscribedTopicIds,
  selectedTopicId,
  onPick,
}: {
  topics: Topic[] | undefined;
  isLoading: boolean;
  subscribedTopicIds: ReadonlySet<number>;
  selectedTopicId: number | null;
  onPick(topicId: number): void;
}) {
  const [search, setSearch] = useState("");
  const shown = useMemo(
    () => (topics ?? []).filter((topic) => matchesTopicSearch(topic, search)),
    [topics, search],
  );
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Filter topics..."
        aria-label="Filter topics"
      />
      <ul
        aria-label="Topics"
        className="-mx-1 flex max-h-[min(24rem,55dvh)] flex-col gap-1.5 overflow-y-auto px-1 py-1"
      >
        {isLoading
          ? Array.from({ length: 5 }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-16 w-full rounded-xl" />
              </li>
            ))
          : shown.map((topic) => {
              const subscribed = subscribedTopicIds.has(topic.id);
              const selected = topic.id === selectedTopicId;
              return (
                <li key={topic.id}>
                  <button
                    type="button"
                    disabled={subscribed}
                    onClick={() => onPick(topic.id)}
                    aria-pressed={selected}
                    className={cn(
                      "flex w-full items-start gap-3 rounded-xl border border-border bg-card p-3 text-left transition-colors hover:border-primary/60 hover:bg-accent/50 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-border disabled:hover:bg-card",
                      selected && "border-primary bg-accent/60",
                    )}
                  >
                    <span
                      className="grid size-9 shrink-0 place-items-center rounded-lg bg-muted text-lg"
                      aria-hidden
                    >
                      {topic.icon}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2 text-sm font-semibold">
                        {topic.displayName}
                        {subscribed ? (
                          <span className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
                            <Check className="size-3" aria-hidden /> Subscribed
                          </span>
                        ) : null}
                      </span>
                      <span className="mt-0.5 block text-xs text-muted-foreground">{topic.description}</span>
                    </span>
                  </button>
                </li>
              );
            })}
        {!isLoading && shown.length === 0 ? (
          <li className="px-2 py-6 text-center text-sm text-muted-foreground">No topics found</li>
        ) : null}
      </ul>
    </div>
  );
}

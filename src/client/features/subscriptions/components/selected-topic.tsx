import type { Topic } from "@shared/api/topics";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";

type TopicSummary = Pick<Topic, "displayName" | "description" | "icon">;

/** The chosen topic at the top of step 2, with 'Change' back to step 1 when creating (never when editing). */
export function SelectedTopic({
  topic,
  fallback,
  isLoading,
  onChange,
}: {
  topic: TopicSummary | undefined;
  fallback?: TopicSummary;
  isLoading: boolean;
  onChange?: () => void;
}) {
  const shown = topic ?? fallback;
  if (!shown && isLoading) return <Skeleton className="h-[4.25rem] w-full rounded-xl" />;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-muted/50 p-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-card text-xl" aria-hidden>
        {shown?.icon ?? "📚"}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-muted-foreground">Topic</p>
        <p className="truncate text-sm font-semibold" data-testid="selected-topic">
          {shown?.displayName ?? "Unknown topic"}
        </p>
      </div>
      {onChange ? (
        <Button type="button" variant="ghost" size="sm" onClick={onChange}>
          Change
        </Button>
      ) : null}
    </div>
  );
}

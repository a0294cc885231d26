import Lock from "lucide-react/icons/lock";
import Plus from "lucide-react/icons/plus";
import { useId } from "react";
import type { Topic } from "@shared/api/topics";
import { Badge } from "@client/components/ui/badge";
import { Skeleton } from "@client/components/ui/skeleton";

/**
 * A topic the user may subscribe to; the whole card is the button that opens the subscription modal. When the plan
 * has no room left (`locked`), the card says so with a lock before anything is filled in (issue 17), and the modal
 * it opens shows the upgrade offer.
 */
export function TopicCard({ topic, onChoose, locked }: { topic: Topic; onChoose(): void; locked: boolean }) {
  const samplesId = useId();
  const hasSamples = topic.sampleWords.length > 0;
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-describedby={hasSamples ? samplesId : undefined}
      aria-label={locked ? `${topic.displayName}: upgrade to add more` : `Subscribe to ${topic.displayName}`}
      className="group flex w-full flex-col rounded-2xl border border-border bg-card p-5 text-left text-card-foreground shadow-xs transition-[border-color,box-shadow] hover:border-primary/60 hover:shadow-md"
    >
      <span className="flex w-full items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent text-2xl" aria-hidden>
          {topic.icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-base font-semibold">{topic.displayName}</span>
          <Badge variant="secondary" className="mt-1">
            {topic.tab}
          </Badge>
        </span>
      </span>
      <span className="mt-3 block flex-1 text-sm text-muted-foreground">{topic.description}</span>
      {hasSamples ? (
        // Issue 29: three real words of the topic, one per level, so a learner sees what they would get (locked or not).
        <span id={samplesId} className="mt-3 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="text-muted-foreground">Sample words:</span>
          {topic.sampleWords.map((word, index) => (
            <span
              key={word}
              className="rounded-full bg-secondary px-2 py-0.5 font-medium text-secondary-foreground"
            >
              {word}
              {index < topic.sampleWords.length - 1 ? <span className="sr-only">,</span> : null}
            </span>
          ))}
        </span>
      ) : null}
      {locked ? (
        <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-muted-foreground">
          <Lock className="size-4" aria-hidden />
          Upgrade to add more
        </span>
      ) : (
        <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
          <Plus className="size-4 transition-transform group-hover:rotate-90" aria-hidden />
          Subscribe
        </span>
      )}
    </button>
  );
}

export function TopicGridSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading topics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="rounded-2xl border border-border bg-card p-5">
          <div className="flex items-start gap-3">
            <Skeleton className="size-12 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-16 rounded-full" />
            </div>
          </div>
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          <Skeleton className="mt-4 h-5 w-24" />
        </div>
      ))}
    </div>
  );
}

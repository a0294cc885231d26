import type { Progress } from "@shared/api/learning";
import { Skeleton } from "@client/components/ui/skeleton";

/**
 * What "would recall today" counts, and how it moved: the same figure 7 and 30 days ago, rebuilt from the review
 * log. One sentence, so the number is never read as a count of words "done". The sentence does not wait for the
 * figures (a bar stands in for each until they arrive), so it wraps into the same lines before and after. Only
 * /progress shows it: in a module of its own, the dashboard (which draws the other figures) does not load it.
 */
export function RecallTrend({ recall }: { recall: Progress["recall"] | undefined }) {
  const figure = (value: number | undefined) =>
    value === undefined ? (
      // One digit wide (1ch), so the sentence wraps where it will with the figures.
      <Skeleton className="inline-block h-3 w-[1ch] align-middle" />
    ) : (
      <span className="font-medium text-foreground tabular-nums">{value}</span>
    );
  return (
    <p className="text-xs text-muted-foreground" data-testid="progress-recall-trend">
      Would recall today adds up each word&apos;s chance of recall (words you marked known count whole):{" "}
      {figure(recall?.weekAgo)} a week ago, {figure(recall?.monthAgo)} a month ago.
    </p>
  );
}

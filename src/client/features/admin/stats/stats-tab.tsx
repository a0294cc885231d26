import BarChart3 from "lucide-react/icons/chart-column";
import { EmptyState } from "@client/components/layout/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminStats } from "../api/stats";

/** A card per topic with its live word count; a click opens that topic in Content. */
export function StatsTab({ onOpenTopic }: { onOpenTopic: (topicId: number) => void }) {
  const stats = useAdminStats();
  if (stats.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-[7.5rem] rounded-2xl" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <EmptyState
        icon={BarChart3}
        title="Couldn't load the statistics"
        description="Please reload the page."
      />
    );
  }
  const total = stats.data.reduce((sum, row) => sum + row.count, 0);
  return (
    <section aria-labelledby="stats-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stats-heading" className="text-lg font-semibold">
          Words per topic
        </h2>
        <p className="text-sm text-muted-foreground">
          {total.toLocaleString("en-US")} words in {stats.data.length} topics
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {stats.data.map((row) => (
          <li key={row.topicId}>
            <button
              type="button"
              onClick={() => onOpenTopic(row.topicId)}
              className="group flex h-full w-full items-start gap-3 rounded-2xl border border-border bg-card p-5 text-left shadow-xs transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span
                aria-hidden
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-muted text-2xl"
              >
                {row.icon}
              </span>
              <span className="min-w-0">
                <span className="block truncate font-semibold group-hover:text-primary">
                  {row.displayName}
                </span>
                <span className="mt-1 block text-2xl font-bold tabular-nums">
                  {row.count.toLocaleString("en-US")}
                </span>
                <span className="block text-xs text-muted-foreground">words · click to manage</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

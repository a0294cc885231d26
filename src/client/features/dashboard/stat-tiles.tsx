import BookOpenCheck from "lucide-react/icons/book-open-check";
import CalendarDays from "lucide-react/icons/calendar-days";
import Layers from "lucide-react/icons/layers";
import Target from "lucide-react/icons/target";
import type { LucideIcon } from "lucide-react";
import type { Stats } from "@shared/api/stats";
import { Card } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";

interface Tile {
  key: keyof Stats;
  label: string;
  icon: LucideIcon;
  format?: (value: number) => string;
  /** Shown with "—" in place of a figure that has nothing to measure yet (`nothingToMeasure`). */
  emptyHint?: string;
  nothingToMeasure?: (stats: Stats) => boolean;
}

const noWordYet = (stats: Stats) => stats.wordsDelivered === 0;

const TILES: Tile[] = [
  { key: "activeSubscriptions", label: "Active Subscriptions", icon: Layers },
  {
    key: "wordsLearned",
    label: "Words Learned",
    icon: BookOpenCheck,
    emptyHint: "Counts from your first word",
    nothingToMeasure: noWordYet,
  },
  {
    key: "thisWeek",
    label: "This Week",
    icon: CalendarDays,
    emptyHint: "Words that reached you this week",
    nothingToMeasure: noWordYet,
  },
  {
    key: "completionRate",
    label: "Completion Rate",
    icon: Target,
    format: (value) => `${value}%`,
    emptyHint: "Shown from your first scheduled review",
    nothingToMeasure: (stats) => stats.reviewsMeasured === 0,
  },
];

/**
 * The four figures of docs/delivery.md. A figure with nothing to measure yet (no word has reached the user; for the
 * rate, no scheduled review has fallen due) shows "—" and a hint instead of a zero.
 */
export function StatTiles({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {TILES.map(({ key, label, icon: Icon, format, emptyHint, nothingToMeasure }) => {
        const value = stats?.[key] ?? 0;
        const nothingYet = stats !== undefined && nothingToMeasure !== undefined && nothingToMeasure(stats);
        return (
          // A <dl> may only hold <div> groups of <dt>/<dd>, so the icon lives inside the <dt>.
          <Card
            key={key}
            className="relative flex min-h-[4.75rem] flex-col-reverse justify-center py-3 pr-4 pl-[4.25rem] sm:min-h-[5.5rem] sm:pl-[4.75rem]"
          >
            <dt className="text-xs font-medium text-muted-foreground sm:text-sm">
              <span className="absolute top-1/2 left-4 grid size-10 -translate-y-1/2 place-items-center rounded-xl bg-accent text-accent-foreground sm:left-5 sm:size-11">
                <Icon className="size-5" aria-hidden />
              </span>
              {label}
              {nothingYet ? <span className="block text-xs font-normal">{emptyHint}</span> : null}
            </dt>
            <dd className="text-2xl font-bold tracking-tight tabular-nums">
              {loading ? (
                <Skeleton className="my-1 h-6 w-10" />
              ) : nothingYet ? (
                <>
                  <span aria-hidden>—</span>
                  <span className="sr-only">None yet</span>
                </>
              ) : format ? (
                format(value)
              ) : (
                value
              )}
            </dd>
          </Card>
        );
      })}
    </dl>
  );
}

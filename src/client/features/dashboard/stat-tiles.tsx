import { BookOpenCheck, CalendarDays, Layers, Target, type LucideIcon } from "lucide-react";
import type { Stats } from "../../../shared/api/stats";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";

const TILES: { key: keyof Stats; label: string; icon: LucideIcon; format?: (value: number) => string }[] = [
  { key: "activeSubscriptions", label: "Active Subscriptions", icon: Layers },
  { key: "wordsLearned", label: "Words Learned", icon: BookOpenCheck },
  { key: "thisWeek", label: "This Week", icon: CalendarDays },
  { key: "completionRate", label: "Completion Rate", icon: Target, format: (value) => `${value}%` },
];

/** The four figures of docs/delivery.md; each reads 0 until there is something to count. */
export function StatTiles({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {TILES.map(({ key, label, icon: Icon, format }) => {
        const value = stats?.[key] ?? 0;
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
            </dt>
            <dd className="text-2xl font-bold tracking-tight tabular-nums">
              {loading ? <Skeleton className="my-1 h-6 w-10" /> : format ? format(value) : value}
            </dd>
          </Card>
        );
      })}
    </dl>
  );
}

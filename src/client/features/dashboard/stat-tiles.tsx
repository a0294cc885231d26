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
          <Card key={key} className="flex items-center gap-3 p-4 sm:gap-4 sm:p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground sm:size-11">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="flex min-w-0 flex-col-reverse">
              <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
              <dd className="text-2xl font-bold tracking-tight tabular-nums">
                {loading ? <Skeleton className="my-1 h-6 w-10" /> : format ? format(value) : value}
              </dd>
            </div>
          </Card>
        );
      })}
    </dl>
  );
}

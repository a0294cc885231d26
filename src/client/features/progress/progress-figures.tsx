import Brain from "lucide-react/icons/brain";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Flame from "lucide-react/icons/flame";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Snowflake from "lucide-react/icons/snowflake";
import type { LucideIcon } from "lucide-react";
import type { Progress } from "@shared/api/learning";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";

interface Figure {
  key: "streak" | "mastered" | "recall" | "dueToday";
  label: string;
  icon: LucideIcon;
  unit: (value: number) => string;
}

const words = (count: number) => (count === 1 ? "word" : "words");

/** A figure's value: the recall figure is today's of its trend. */
const valueOf = (progress: Progress, key: Figure["key"]): number =>
  key === "recall" ? progress.recall.today : progress[key];

const FIGURES: Figure[] = [
  { key: "streak", label: "Streak", icon: Flame, unit: (days) => (days === 1 ? "day" : "days") },
  { key: "mastered", label: "Mastered", icon: GraduationCap, unit: words },
  // Beside Mastered (Words Learned), the honest count: each word weighted by its chance of recall (issue 22).
  { key: "recall", label: "Would recall today", icon: Brain, unit: words },
  { key: "dueToday", label: "Due today", icon: CalendarClock, unit: words },
];

/**
 * Streak (with its freezes), mastered words, the words you would recall today and today's due reviews: the Progress
 * page's head (one row from small screens up) and the dashboard card's body (two by two, the card being narrow).
 */
export function ProgressFigures({
  progress,
  compact = false,
}: {
  progress: Progress | undefined;
  compact?: boolean;
}) {
  return (
    <dl className={cn("grid grid-cols-2", compact ? "gap-2" : "gap-3 sm:grid-cols-4 sm:gap-4")}>
      {FIGURES.map(({ key, label, icon: Icon, unit }) => {
        const value = progress ? valueOf(progress, key) : 0;
        return (
          <div
            key={key}
            className={cn(
              "flex flex-col-reverse rounded-xl",
              compact ? "bg-muted/60 px-3 py-2.5" : "border border-border bg-card px-4 py-4 shadow-xs",
            )}
          >
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm">
              <Icon
                className={cn("size-4 shrink-0", key === "streak" ? "text-orange-500" : "text-primary")}
                aria-hidden
              />
              {label}
            </dt>
            <dd className="flex items-baseline gap-1" data-testid={`progress-${key}`}>
              {progress ? (
                <>
                  <span
                    className={cn("font-bold tabular-nums", compact ? "text-xl" : "text-2xl sm:text-3xl")}
                  >
                    {value}
                  </span>
                  <span className="text-xs text-muted-foreground">{unit(value)}</span>
                </>
              ) : (
                // The figure's line box: text-xl is 28 px high, text-2xl 32 px, text-3xl 36 px.
                <Skeleton className={cn("my-1 w-10", compact ? "h-5" : "h-6 sm:h-7")} />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The streak's freezes: up to two, each earned by a 7-day run, each saving one missed day. Until the figures arrive
 * (`freezes` undefined) a bar holds its line, so nothing under it moves.
 */
export function FreezeNote({ freezes }: { freezes: number | undefined }) {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="progress-freezes">
      <Snowflake className="size-3.5 text-sky-600 dark:text-sky-400" aria-hidden />
      {freezes === undefined ? (
        <Skeleton className="my-0.5 h-3 w-64 max-w-full" />
      ) : freezes === 0 ? (
        "No streak freezes yet: a 7-day run earns one."
      ) : (
        `${freezes} streak ${freezes === 1 ? "freeze" : "freezes"} saved: a missed day won't break your streak.`
      )}
    </p>
  );
}

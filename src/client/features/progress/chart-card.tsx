import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";
import { TakeOverLater } from "@client/components/take-over-later";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";

const SUMMARY_BOX = "min-h-10 sm:min-h-5";

/**
 * A chart in a card: the title, a one-sentence summary everyone sees, the chart (hidden from screen readers,
 * which get the table of every figure instead). The chart's box has its final height from the start, so nothing
 * moves when the chart is drawn in it. Until the figures arrive (`summary` null) the card is drawn with its title, a
 * line in place of the summary and the chart's box: the same height as the card that replaces it.
 */
export function ChartCard({
  title,
  summary,
  columns,
  rows,
  children,
  className,
  chartClassName = "h-56 sm:h-64",
}: {
  title: string;
  /** The one-sentence summary; null while the figures are on their way. */
  summary: string | null;
  columns: [string, string];
  rows: [string, string][];
  /** The chart; none while the figures are on their way. */
  children?: ReactNode;
  className?: string;
  /** The chart's height (the chart fills its box, charts.tsx). */
  chartClassName?: string;
}) {
  return (
    <Card className={className} role="region" aria-label={title} aria-busy={summary === null}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {/*
         * The summary takes two lines on a phone once it names figures, one from 640 px: its box has that height
         * whether it holds the sentence or, before the figures arrive, a bar.
         */}
        {summary === null ? (
          <div className={SUMMARY_BOX}>
            <Skeleton className="my-0.5 h-4 w-3/4" />
          </div>
        ) : (
          <CardDescription className={SUMMARY_BOX}>{summary}</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {/* The chart and its table, a few hundred nodes with 30 days, are taken over each in a task of its own. */}
        <TakeOverLater>
          <div aria-hidden className={cn("w-full text-xs", chartClassName)}>
            {children ?? <Skeleton className="size-full rounded-lg" />}
          </div>
        </TakeOverLater>
        <TakeOverLater>
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col">{columns[1]}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TakeOverLater>
      </CardContent>
    </Card>
  );
}

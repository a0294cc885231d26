import { Suspense, useRef, type ReactNode } from "react";
import { cn } from "@client/lib/utils";
import { useNearViewport } from "@client/lib/use-near-viewport";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";

/**
 * A chart in a card: the title, a one-sentence summary everyone sees, the chart (hidden from screen readers,
 * which get the table of every figure instead). The chart (a lazy one from lazy-charts.tsx) is drawn only when the
 * card nears the viewport, so the charting library is fetched after the page's first paint; its box has its final
 * height from the start, so nothing moves when it arrives.
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
  summary: string;
  columns: [string, string];
  rows: [string, string][];
  children: ReactNode;
  className?: string;
  /** The chart's height (Recharts fills its parent). */
  chartClassName?: string;
}) {
  const chartBox = useRef<HTMLDivElement>(null);
  const nearViewport = useNearViewport(chartBox);
  const placeholder = <Skeleton className="size-full rounded-lg" />;
  return (
    <Card className={className} role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent>
        <div ref={chartBox} aria-hidden className={cn("w-full text-xs", chartClassName)}>
          {nearViewport ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
        </div>
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
      </CardContent>
    </Card>
  );
}

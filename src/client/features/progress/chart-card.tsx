import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";

/**
 * A chart in a card: the title, a one-sentence summary everyone sees, the chart (hidden from screen readers,
 * which get the table of every figure instead).
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
  return (
    <Card className={className} role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent>
        <div aria-hidden className={cn("w-full text-xs", chartClassName)}>
          {children}
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

import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Progress } from "@shared/api/learning";
import { formatDay, percent } from "./figures";

/* Colours come from styles.css's variables, so the charts follow the light and dark themes. */
const AXIS = { stroke: "var(--muted-foreground)", fontSize: 11, tickLine: false, axisLine: false } as const;
const GRID = { stroke: "var(--border)", strokeDasharray: "3 3", vertical: false } as const;
const TOOLTIP = {
  contentStyle: {
    background: "var(--card)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--foreground)",
  },
  labelStyle: { color: "var(--foreground)", fontWeight: 600 },
  cursor: { fill: "var(--muted)" },
} as const;

/** Reviews due on each of the next 30 days (overdue ones count today). */
export function ForecastChart({ forecast }: { forecast: Progress["forecast"] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={forecast}
        accessibilityLayer={false}
        margin={{ top: 4, right: 4, bottom: 0, left: -24 }}
      >
        <CartesianGrid {...GRID} />
        <XAxis
          dataKey="date"
          {...AXIS}
          tickFormatter={(day: string) => formatDay(day, true)}
          minTickGap={16}
        />
        <YAxis {...AXIS} allowDecimals={false} />
        <Tooltip
          {...TOOLTIP}
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(count) => [count, "Due"]}
        />
        <Bar
          dataKey="count"
          fill="var(--primary)"
          radius={[3, 3, 0, 0]}
          maxBarSize={18}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Share of Good/Easy among each week's reviews. */
export function RetentionChart({ retention }: { retention: Progress["retention"] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={retention}
        accessibilityLayer={false}
        margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
      >
        <CartesianGrid {...GRID} />
        <XAxis
          dataKey="week"
          {...AXIS}
          tickFormatter={(week: string) => formatDay(week, true)}
          minTickGap={16}
        />
        <YAxis {...AXIS} domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={percent} />
        <Tooltip
          {...TOOLTIP}
          cursor={{ stroke: "var(--border)" }}
          labelFormatter={(week) => `Week of ${formatDay(String(week), true)}`}
          formatter={(rate) => [percent(Number(rate)), "Retention"]}
        />
        <Line
          type="monotone"
          dataKey="rate"
          stroke="var(--primary)"
          strokeWidth={2.5}
          dot={{ r: 3, fill: "var(--primary)" }}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Each topic's mean chance of recalling its words now, as horizontal bars. */
export function TopicsChart({ topics }: { topics: Progress["topics"] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={topics}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid {...GRID} vertical horizontal={false} />
        <XAxis type="number" domain={[0, 1]} ticks={[0, 0.5, 1]} tickFormatter={percent} {...AXIS} />
        <YAxis type="category" dataKey="name" width={96} {...AXIS} />
        <Tooltip {...TOOLTIP} formatter={(value) => [percent(Number(value)), "Recall now"]} />
        <Bar
          dataKey="retrievability"
          fill="var(--success)"
          radius={[0, 3, 3, 0]}
          maxBarSize={20}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

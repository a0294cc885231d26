import { useRef, type ReactNode, type RefObject } from "react";
import type { Progress } from "@shared/api/learning";
import { useElementSize, type ElementSize } from "@client/lib/use-element-size";
import { useNearViewport } from "@client/lib/use-near-viewport";
import { charactersFitting, labelledIndexes, roundedBarPath, truncate, wholeTicks } from "./chart-geometry";
import { formatDay, percent } from "./figures";

/*
 * Hand-drawn SVG (issue 25: a charting library cost /progress 108 KB and a long task after the first paint). Colours
 * come from styles.css's variables, so the charts follow the light and dark themes. Each bar, dot or row carries an
 * SVG <title>, the value a pointer hovering it reads; screen readers get ChartCard's table instead.
 */

type Plot = { left: number; top: number; width: number; height: number };

/** Room for an axis label under the plot, and the width a date label ("Dec 12") needs with space around it. */
const X_AXIS_HEIGHT = 20;
const DATE_LABEL_WIDTH = 56;
const TICK_GAP = 6;

function plotArea(
  { width, height }: ElementSize,
  margin: { left: number; top: number; right: number; bottom: number },
): Plot {
  return {
    left: margin.left,
    top: margin.top,
    width: Math.max(0, width - margin.left - margin.right),
    height: Math.max(0, height - margin.top - margin.bottom),
  };
}

type Draw = (size: ElementSize) => ReactNode;

/**
 * Fills its box (ChartCard's, full width and a fixed height) with an SVG of exactly the box's size, redrawn when
 * the box changes width, so text keeps its size at every width. The SVG is positioned out of the flow, so it never
 * holds its box wider than the layout makes it. A chart is drawn once its box nears the viewport: on a phone two of
 * the three start below the fold, and measuring each (a layout of the whole page) and drawing it lengthened
 * /progress's takeover while it loaded (issue 25); the box keeps its height meanwhile, so nothing moves when it is
 * drawn.
 */
function ChartFrame({ draw }: { draw: Draw }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} className="relative size-full">
      {near ? <ChartOfTheBoxSize box={box} draw={draw} /> : null}
    </div>
  );
}

function ChartOfTheBoxSize({ box, draw }: { box: RefObject<HTMLDivElement | null>; draw: Draw }) {
  const size = useElementSize(box);
  return size && size.width > 0 && size.height > 0 ? (
    <svg
      width={size.width}
      height={size.height}
      className="absolute inset-0 overflow-visible"
      fontSize={11}
      fill="var(--muted-foreground)"
    >
      {draw(size)}
    </svg>
  ) : null;
}

/** Light dashed lines across the plot at each tick of the value axis, with the tick's label at the left. */
function HorizontalGrid({
  plot,
  ticks,
  top,
  format,
}: {
  plot: Plot;
  ticks: number[];
  top: number;
  format: (tick: number) => string;
}) {
  return ticks.map((tick) => {
    const y = plot.top + plot.height * (1 - tick / top);
    return (
      <g key={tick}>
        <line
          x1={plot.left}
          x2={plot.left + plot.width}
          y1={y}
          y2={y}
          stroke="var(--border)"
          strokeDasharray="3 3"
        />
        <text x={plot.left - TICK_GAP} y={y} textAnchor="end" dominantBaseline="middle">
          {format(tick)}
        </text>
      </g>
    );
  });
}

/** A category's label under the plot, centred on `x`. */
function XLabel({ plot, x, children }: { plot: Plot; x: number; children: string }) {
  return (
    <text x={x} y={plot.top + plot.height + X_AXIS_HEIGHT - 6} textAnchor="middle">
      {children}
    </text>
  );
}

/** The band of a category, shaded while the pointer is on it: the bar, dot or row in it reads out its value. */
function HoverBand({ x, y, width, height }: { x: number; y: number; width: number; height: number }) {
  return (
    <rect
      x={x}
      y={y}
      width={width}
      height={height}
      fill="var(--muted)"
      className="opacity-0 group-hover:opacity-100"
    />
  );
}

/** Reviews due on each of the next 30 days (overdue ones count today). */
export function ForecastChart({ forecast }: { forecast: Progress["forecast"] }) {
  return (
    <ChartFrame
      draw={(size) => {
        const plot = plotArea(size, { left: 32, top: 8, right: 4, bottom: X_AXIS_HEIGHT });
        const ticks = wholeTicks(Math.max(0, ...forecast.map((day) => day.count)));
        const top = ticks.at(-1) ?? 1;
        const band = plot.width / Math.max(1, forecast.length);
        const barWidth = Math.min(18, band * 0.8);
        const labelled = new Set(labelledIndexes(forecast.length, plot.width, DATE_LABEL_WIDTH));
        return (
          <>
            <HorizontalGrid plot={plot} ticks={ticks} top={top} format={String} />
            {forecast.map((day, index) => {
              const centre = plot.left + band * (index + 0.5);
              const barHeight = (plot.height * day.count) / top;
              return (
                <g key={day.date} className="group">
                  <title>{`${formatDay(day.date)}: ${day.count} due`}</title>
                  <HoverBand x={centre - band / 2} y={plot.top} width={band} height={plot.height} />
                  {day.count > 0 ? (
                    <path
                      data-testid="chart-bar"
                      d={roundedBarPath(
                        {
                          x: centre - barWidth / 2,
                          y: plot.top + plot.height - barHeight,
                          width: barWidth,
                          height: barHeight,
                        },
                        "up",
                      )}
                      fill="var(--primary)"
                    />
                  ) : null}
                  {labelled.has(index) ? (
                    <XLabel plot={plot} x={centre}>
                      {formatDay(day.date, true)}
                    </XLabel>
                  ) : null}
                </g>
              );
            })}
          </>
        );
      }}
    />
  );
}

const RETENTION_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** Share of Good/Easy among each week's reviews. */
export function RetentionChart({ retention }: { retention: Progress["retention"] }) {
  return (
    <ChartFrame
      draw={(size) => {
        const plot = plotArea(size, { left: 36, top: 8, right: 12, bottom: X_AXIS_HEIGHT });
        const band = plot.width / Math.max(1, retention.length);
        const points = retention.map(({ week, rate }, index) => ({
          week,
          rate,
          x: plot.left + band * (index + 0.5),
          y: plot.top + plot.height * (1 - rate),
        }));
        const labelled = new Set(labelledIndexes(retention.length, plot.width, DATE_LABEL_WIDTH));
        return (
          <>
            <HorizontalGrid plot={plot} ticks={RETENTION_TICKS} top={1} format={percent} />
            {points.map((point, index) => (
              <g key={point.week} className="group">
                <title>{`Week of ${formatDay(point.week, true)}: ${percent(point.rate)} retention`}</title>
                <HoverBand x={point.x - band / 2} y={plot.top} width={band} height={plot.height} />
                {labelled.has(index) ? (
                  <XLabel plot={plot} x={point.x}>
                    {formatDay(point.week, true)}
                  </XLabel>
                ) : null}
              </g>
            ))}
            <path
              d={points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x},${point.y}`).join("")}
              fill="none"
              stroke="var(--primary)"
              strokeWidth={2.5}
              strokeLinejoin="round"
              pointerEvents="none"
            />
            {points.map((point) => (
              <circle
                key={point.week}
                data-testid="chart-dot"
                cx={point.x}
                cy={point.y}
                r={3}
                fill="var(--primary)"
                pointerEvents="none"
              />
            ))}
          </>
        );
      }}
    />
  );
}

const TOPIC_TICKS = [0, 0.5, 1];

/** Each topic's mean chance of recalling its words now, as horizontal bars. */
export function TopicsChart({ topics }: { topics: Progress["topics"] }) {
  return (
    <ChartFrame
      draw={(size) => {
        // The names take 30% of the width, at most 128 px; a longer name is cut (its row's title has it whole).
        const namesWidth = Math.min(128, Math.round(size.width * 0.3));
        const plot = plotArea(size, { left: namesWidth, top: 0, right: 16, bottom: X_AXIS_HEIGHT });
        const band = plot.height / Math.max(1, topics.length);
        const barHeight = Math.min(20, band * 0.8);
        const nameCharacters = charactersFitting(namesWidth - TICK_GAP - 2);
        return (
          <>
            {TOPIC_TICKS.map((tick) => {
              const x = plot.left + plot.width * tick;
              return (
                <g key={tick}>
                  <line
                    x1={x}
                    x2={x}
                    y1={plot.top}
                    y2={plot.top + plot.height}
                    stroke="var(--border)"
                    strokeDasharray="3 3"
                  />
                  <XLabel plot={plot} x={x}>
                    {percent(tick)}
                  </XLabel>
                </g>
              );
            })}
            {topics.map((topic, index) => {
              const middle = plot.top + band * (index + 0.5);
              return (
                <g key={topic.topicId} className="group">
                  <title>{`${topic.name}: ${percent(topic.retrievability)} recall now`}</title>
                  <HoverBand x={0} y={middle - band / 2} width={plot.left + plot.width} height={band} />
                  <text x={plot.left - TICK_GAP} y={middle} textAnchor="end" dominantBaseline="middle">
                    {truncate(topic.name, nameCharacters)}
                  </text>
                  {topic.retrievability > 0 ? (
                    <path
                      data-testid="chart-bar"
                      d={roundedBarPath(
                        {
                          x: plot.left,
                          y: middle - barHeight / 2,
                          width: plot.width * topic.retrievability,
                          height: barHeight,
                        },
                        "right",
                      )}
                      fill="var(--success)"
                    />
                  ) : null}
                </g>
              );
            })}
          </>
        );
      }}
    />
  );
}

/** The pure arithmetic of the Progress charts (charts.tsx): ticks, which labels fit, bar outlines. */

/**
 * Whole-number ticks from 0 for an axis whose largest value is `max`: steps of 1, 2 or 5 times a power of ten, at
 * most about `count` of them, the last at or above `max`. An empty axis (max 0) still has a scale: 0 and 1.
 */
export function wholeTicks(max: number, count = 5): number[] {
  const rough = Math.max(1, max / (count - 1));
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? rough;
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/**
 * Which of `count` evenly spaced categories get a label when each label needs `labelWidth` pixels of an axis
 * `axisWidth` wide: every n-th from the first, so the labels never overlap.
 */
export function labelledIndexes(count: number, axisWidth: number, labelWidth: number): number[] {
  const fitting = Math.max(1, Math.floor(axisWidth / labelWidth));
  const every = Math.ceil(count / fitting);
  return Array.from({ length: Math.ceil(count / every) }, (_, index) => index * every);
}

/** How many characters of 11 px text fit in `width` pixels (an average glyph is about 6.2 px wide). */
export const charactersFitting = (width: number) => Math.max(1, Math.floor(width / 6.2));

/** `text` cut to `characters`, with an ellipsis when it is cut. */
export function truncate(text: string, characters: number): string {
  return text.length <= characters ? text : `${text.slice(0, Math.max(1, characters - 1)).trimEnd()}…`;
}

/**
 * The outline of a bar whose far end (away from the axis) is rounded: `up` for a vertical bar growing from the
 * bottom, `right` for a horizontal one growing from the left. The radius shrinks to fit a thin or short bar.
 */
export function roundedBarPath(
  { x, y, width, height }: { x: number; y: number; width: number; height: number },
  grows: "up" | "right",
  radius = 3,
): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  if (grows === "up") {
    return (
      `M${x},${y + height}V${y + r}A${r},${r} 0 0 1 ${x + r},${y}` +
      `H${x + width - r}A${r},${r} 0 0 1 ${x + width},${y + r}V${y + height}Z`
    );
  }
  return (
    `M${x},${y}H${x + width - r}A${r},${r} 0 0 1 ${x + width},${y + r}` +
    `V${y + height - r}A${r},${r} 0 0 1 ${x + width - r},${y + height}H${x}Z`
  );
}

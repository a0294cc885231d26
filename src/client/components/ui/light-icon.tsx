import { forwardRef } from "react";
import type { LucideProps } from "lucide-react";

/**
 * A lucide icon drawn from its markup: every `lucide-react/icons/<name>` import is this, made at build time from the
 * icon's own data (scripts/light-icons.mjs), with lucide's attributes and class names. Lucide's component builds
 * each path as an element of its own through two wrappers; a phone taking the server's drawing over walked every one
 * of them (issue 25). Here the paths are the SVG's inner markup, which Preact leaves as drawn when it takes the
 * drawing over and compares as one string afterwards. Icons take no children.
 */
export function lightIcon(classNames: string, markup: string) {
  const inner = { __html: markup };
  return forwardRef<SVGSVGElement, LucideProps>(function LightIcon(
    {
      className,
      size = 24,
      strokeWidth = 2,
      absoluteStrokeWidth,
      color = "currentColor",
      children: _noChildren,
      ...rest
    },
    ref,
  ) {
    const labelled = Object.keys(rest).some(
      (prop) =>
        (prop.startsWith("aria-") || prop === "role" || prop === "title") && rest[prop as "role"] != null,
    );
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color}
        strokeWidth={absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classNames} ${className}` : classNames}
        aria-hidden={labelled ? undefined : "true"}
        {...rest}
        dangerouslySetInnerHTML={inner}
      />
    );
  });
}

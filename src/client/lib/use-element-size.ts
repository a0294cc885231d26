import { useLayoutEffect, useState, type RefObject } from "react";

export type ElementSize = { width: number; height: number };

/**
 * The element's content size in CSS pixels, following every resize (a rotated phone, a wider window); null until it
 * is first measured, which happens before the first paint.
 */
export function useElementSize(ref: RefObject<Element | null>): ElementSize | null {
  const [size, setSize] = useState<ElementSize | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((last) => (last?.width === width && last.height === height ? last : { width, height }));
    const { width, height } = element.getBoundingClientRect();
    update(width, height);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

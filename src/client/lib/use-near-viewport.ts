import { useEffect, useState, type RefObject } from "react";

/** How far ahead of the viewport "near" starts: a fast scroll's worth on a phone, so the work is done before it shows. */
const NEAR_MARGIN = "400px";

/**
 * True once the element has come within NEAR_MARGIN of the viewport, and from then on. Work only a reader of that part
 * of the page needs (drawing a chart below the fold) waits for it, so that a phone does not spend the page's first
 * seconds on it, and is done before the part scrolls into view. Without IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

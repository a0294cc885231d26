import { lazy, Suspense, useState } from "react";
import { useToasts } from "@client/lib/toast";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * The toaster, fetched with the first toast rather than with the app (issue 25: Radix toast and what it brings,
 * about 8 KB, were in the entry every screen loads). Once there it stays mounted, so later toasts show at once.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

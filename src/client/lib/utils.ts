import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Class strings and what tailwind-merge made of them, as the server's drawing of this screen computed them: the
 * browser's first render over that drawing (main.tsx) looks its strings up here instead of merging them itself.
 * Merging them was a third of that render's time on a phone, most of it tailwind-merge building its class map at
 * its first call (docs/client.md, "The first render without tailwind-merge").
 */
const mergedByServer = new Map<string, string>();
/** The strings the drawing now under way has merged (server-paint.tsx), each with its result. */
let drawingMerges: Map<string, string> | undefined;

/** Joins class names, letting a later Tailwind utility override an earlier one (`p-2` then `p-4`). */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  const merged = mergedByServer.get(joined) ?? twMerge(joined);
  drawingMerges?.set(joined, merged);
  return merged;
}

/**
 * The class merges of one drawing, as the page carries them: a string that merged to itself alone (most do), one
 * that changed as [string, merged].
 */
export type ClassMerges = (string | [string, string])[];

/** Runs a drawing and gives back what it drew with the class merges it made. */
export function recordingClassMerges<T>(draw: () => T): { drawn: T; merges: ClassMerges } {
  const merges = new Map<string, string>();
  drawingMerges = merges;
  try {
    const drawn = draw();
    return {
      drawn,
      merges: [...merges].map(([joined, merged]) => (merged === joined ? joined : [joined, merged])),
    };
  } finally {
    drawingMerges = undefined;
  }
}

/** Takes in the class merges the server's drawing made (main.tsx, before drawing over it). */
export function learnClassMerges(merges: ClassMerges): void {
  for (const merge of merges) {
    if (typeof merge === "string") mergedByServer.set(merge, merge);
    else mergedByServer.set(merge[0], merge[1]);
  }
}

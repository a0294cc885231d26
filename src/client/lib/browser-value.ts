import { useEffect, useState, useSyncExternalStore } from "react";

/** True while the browser's first render draws over the server's drawing (main.tsx). */
let takingOver = false;

/** Runs the browser's first render over the server's drawing (server-paint.tsx). */
export function takeOverServerDrawing(draw: () => void): void {
  takingOver = true;
  try {
    draw();
  } finally {
    takingOver = false;
  }
}

/**
 * A value only the browser knows (its saved theme, whether it can speak), read through a store as with
 * useSyncExternalStore. The server draws the member's screen with `drawn`, and the browser's first render over that
 * drawing does too: Preact's hydrate() keeps the drawing's attributes, so a first render that differed would leave
 * the wrong ones on screen. The browser's own value follows in the next render. Elsewhere it is read at once.
 */
export function useBrowserValue<T>(
  subscribe: (onChange: () => void) => () => void,
  read: () => T,
  drawn: T,
): T {
  const [asDrawn, setAsDrawn] = useState(() => typeof window === "undefined" || takingOver);
  useEffect(() => {
    if (asDrawn) setAsDrawn(false);
  }, [asDrawn]);
  // React (the prerendered public pages) asks for the server's value as the third argument; Preact reads the second.
  return useSyncExternalStore(subscribe, asDrawn ? () => drawn : read, () => drawn);
}

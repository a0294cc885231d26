import { useEffect, useState, useSyncExternalStore } from "react";

/** True while the browser's first render draws over the server's drawing (main.tsx). */
let takingOver = false;

/** How many parts of the server's drawing wait for a task of their own (take-over-later.tsx). */
let partsWaiting = 0;
let allTakenOver = () => {};
/** True from the first render over the server's drawing until its last part is taken over. */
let takeOverUnderWay = false;
const takeOverEndListeners = new Set<() => void>();

/**
 * Runs the browser's first render over the server's drawing (server-paint.tsx); settles once every part of the
 * drawing that waits for a task of its own has been taken over too.
 */
export function takeOverServerDrawing(draw: () => void): Promise<void> {
  const done = new Promise<void>(
    (resolve) =>
      (allTakenOver = () => {
        takeOverUnderWay = false;
        for (const listener of takeOverEndListeners) listener();
        resolve();
      }),
  );
  takeOverUnderWay = true;
  takingOver = true;
  try {
    draw();
  } finally {
    takingOver = false;
  }
  if (partsWaiting === 0) allTakenOver();
  return done;
}

/**
 * False while the browser takes the server's drawing over (every part of it), true otherwise. Work that can wait
 * (a read nothing on screen needs) waits for it, so that it does not lengthen the takeover's tasks on a phone.
 */
export function useServerDrawingTakenOver(): boolean {
  const takenOver = () => !takeOverUnderWay;
  return useSyncExternalStore(subscribeToTakeOverEnd, takenOver, takenOver);
}

function subscribeToTakeOverEnd(listener: () => void): () => void {
  takeOverEndListeners.add(listener);
  return () => takeOverEndListeners.delete(listener);
}

/** Whether the render under way takes over the server's drawing. */
export function isTakingOverServerDrawing(): boolean {
  return takingOver;
}

/**
 * Settles in a task of its own, and the render that follows (Preact renders in the microtasks after the task that
 * asked for it) takes its part of the server's drawing over as the first render did.
 */
export function takeOverInATaskOfItsOwn(): Promise<void> {
  partsWaiting += 1;
  return new Promise((resolve) => {
    setTimeout(() => {
      takingOver = true;
      resolve();
      // The next task, once this one's microtasks (the part's render) are done.
      setTimeout(() => {
        takingOver = false;
        partsWaiting -= 1;
        if (partsWaiting === 0) allTakenOver();
      });
    });
  });
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

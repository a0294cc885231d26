import { Component, Suspense, type ReactNode } from "react";
import { isTakingOverServerDrawing, takeOverInATaskOfItsOwn } from "@client/lib/browser-value";

interface Props {
  /** Exactly one element: Preact keeps one node of the drawing for a part whose render waits. */
  children: ReactNode;
}

/**
 * A part of the screen that the browser takes over from the server's drawing in a task of its own (main.tsx). The
 * first render over the drawing is one task of the main thread, and on a phone it was long enough to block input
 * (Lighthouse's blocking time): a part drawn here waits for its own task, its drawing on screen meanwhile, so the
 * takeover comes in pieces. Anywhere else (the server, a later render, a screen the browser draws itself) its
 * children render at once.
 */
export function TakeOverLater({ children }: Props) {
  return (
    <Suspense fallback={null}>
      <WaitForItsTask>{children}</WaitForItsTask>
    </Suspense>
  );
}

class WaitForItsTask extends Component<Props> {
  // A class, because a suspended render's hooks are dropped while the instance is kept.
  private itsTask: Promise<void> | undefined;

  override render() {
    if (isTakingOverServerDrawing() && !this.itsTask) {
      this.itsTask = takeOverInATaskOfItsOwn();
      throw this.itsTask;
    }
    return this.props.children;
  }
}

import { Component, Suspense, useId, type ReactNode } from "react";
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
  // Drawn in the same order on the server and in the browser (this component never waits), so the same on both.
  const idScope = useId();
  return (
    <Suspense fallback={null}>
      <WaitForItsTask idScope={idScope}>{children}</WaitForItsTask>
    </Suspense>
  );
}

/** What Preact's useId reads on a component's vnode (its mangled internals: `_vnode`, `_mask`). */
interface PreactInternals {
  __v?: { __m?: [string, number] };
}

class WaitForItsTask extends Component<Props & { idScope: string }> {
  // A class, because a suspended render's hooks are dropped while the instance is kept.
  private itsTask: Promise<void> | undefined;
  private idCounter: [string, number] | undefined;

  override render() {
    this.scopeIds();
    if (isTakingOverServerDrawing() && !this.itsTask) {
      this.itsTask = takeOverInATaskOfItsOwn();
      throw this.itsTask;
    }
    return this.props.children;
  }

  /**
   * Preact's useId counts in render order from the nearest vnode that has a counter (the root's, else). The parts
   * render in another order in the browser (each in its own task, after the rest) than on the server (in one pass),
   * so the ids inside them would differ from the drawing's, and a label would point at an id that is not there.
   * Each part counts its own ids, from a name its parent gave it in the same order on both sides. The counter is
   * kept across renders, so an element that appears later gets a new id.
   */
  private scopeIds(): void {
    const vnode = (this as unknown as PreactInternals).__v;
    if (!vnode) return;
    this.idCounter ??= [this.props.idScope, 0];
    vnode.__m = this.idCounter;
  }
}

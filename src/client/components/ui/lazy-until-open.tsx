import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code is fetched the first time it opens, not with the page (issue 25: what a screen downloads
 * before its first interaction). Nothing is drawn while it arrives: a dialog is an overlay, so nothing moves, and
 * the focus stays on the control that opened it until the dialog takes it. Once fetched it stays mounted, so it
 * closes (and hands the focus back) as an eagerly loaded dialog does.
 */
export function lazyUntilOpen<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyUntilOpen(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

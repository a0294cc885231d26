import type { ComponentProps, ReactNode } from "react";
import { EmptyState } from "@client/components/layout/empty-state";

/** The loading placeholder inside a dashboard card: its skeleton lines, announced as busy under `label`. */
export function CardLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}

/** The empty state inside a dashboard card: a borderless inset (the card already draws the frame) with an h3 heading. */
export function CardEmptyState(props: Omit<ComponentProps<typeof EmptyState>, "headingLevel" | "className">) {
  return <EmptyState {...props} headingLevel={3} className="border-0 bg-muted/40 py-10 sm:py-10" />;
}

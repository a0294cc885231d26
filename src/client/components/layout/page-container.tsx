import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";

/** The standard page width and padding, aligned with the navigation; full-bleed pages (landing) skip it. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8", className)}>
      {children}
    </div>
  );
}

import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";
import { SectionHeading } from "./section-heading";

/** A titled band of a public page, with the landing's centred heading; `tinted` alternates the background. */
export function PageSection({
  id,
  eyebrow,
  title,
  lead,
  tinted = false,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("py-14 sm:py-20", tinted && "bg-surface", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} lead={lead} />
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}

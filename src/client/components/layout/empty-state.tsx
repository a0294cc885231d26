import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";

/** A list's "nothing here" panel: an icon, a short title, one sentence and an optional way forward. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-2xl border border-dashed border-input bg-card px-6 py-12 text-center sm:py-16",
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <Heading className="mt-4 text-base font-semibold sm:text-lg">{title}</Heading>
      {description ? <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

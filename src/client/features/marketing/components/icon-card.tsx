import type { LucideIcon } from "lucide-react";
import { cn } from "@client/lib/utils";

/** A grid item of a public page: a tinted icon tile over a title and a short description. */
export function IconCard({
  title,
  description,
  icon: Icon,
  iconClassName = "bg-accent text-accent-foreground",
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Background and foreground of the icon tile; the accent tint unless the card has its own colour. */
  iconClassName?: string;
}) {
  return (
    <li className="rounded-2xl border border-border bg-card p-6 shadow-xs">
      <span className={cn("grid size-11 place-items-center rounded-xl", iconClassName)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
    </li>
  );
}

import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { cn } from "@client/lib/utils";

/** One card of a settings tab: an icon, a heading (h2, under the page's h1), a lead line, then its content. */
export function SettingsSection({
  icon: Icon,
  title,
  description,
  action,
  children,
  className,
  tone = "default",
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
  tone?: "default" | "danger";
}) {
  return (
    <Card className={cn(tone === "danger" && "border-destructive/40", className)}>
      <CardHeader className="flex-row items-start gap-3">
        <span
          className={cn(
            "grid size-9 shrink-0 place-items-center rounded-xl",
            tone === "danger" ? "bg-destructive/10 text-destructive" : "bg-accent text-accent-foreground",
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base leading-tight font-semibold">{title}</h2>
          {description ? <CardDescription className="mt-1">{description}</CardDescription> : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
    </Card>
  );
}

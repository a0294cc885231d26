import X from "lucide-react/icons/x";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";

const TONES = {
  danger:
    "border-red-300 bg-red-50 text-red-950 dark:border-red-400/30 dark:bg-red-950/40 dark:text-red-50 [&_[data-icon]]:text-red-700 dark:[&_[data-icon]]:text-red-300",
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-400/30 dark:bg-sky-950/40 dark:text-sky-50 [&_[data-icon]]:text-sky-700 dark:[&_[data-icon]]:text-sky-300",
  warning:
    "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-50 [&_[data-icon]]:text-amber-700 dark:[&_[data-icon]]:text-amber-300",
} as const;

/** One billing notice: icon, title, text, actions, and a dismiss button when it may be dismissed. */
export function Notice({
  tone,
  icon: Icon,
  title,
  children,
  actions,
  onDismiss,
  dismissLabel,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  return (
    <section
      aria-label={title}
      className={cn("flex items-start gap-3 rounded-xl border px-4 py-3 shadow-xs", TONES[tone])}
    >
      <Icon data-icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{title}</h2>
          <div className="text-sm opacity-90">{children}</div>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel ?? `Dismiss ${title}`}
          className="-m-1 rounded-md p-1.5 opacity-80 transition hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring dark:hover:bg-white/10"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </section>
  );
}

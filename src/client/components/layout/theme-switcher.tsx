import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import type { Theme } from "@shared/constants";
import { useTheme } from "@client/lib/theme";
import { cn } from "@client/lib/utils";

export const THEME_OPTIONS: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/**
 * Light / Dark / System as a compact segmented control: native radios, so arrow keys move the choice.
 * `showLabels` spells the names out (the mobile menu); otherwise they are for screen readers only.
 */
export function ThemeSwitcher({
  showLabels = false,
  className,
}: {
  showLabels?: boolean;
  className?: string;
}) {
  const { theme, setTheme } = useTheme();
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className={cn(
        "inline-flex items-center gap-0.5 rounded-full border border-border bg-muted p-0.5",
        className,
      )}
    >
      {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
        <label
          key={value}
          title={label}
          className={cn(
            "relative flex cursor-pointer items-center gap-1.5 rounded-full text-muted-foreground transition-colors hover:text-foreground",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring",
            "has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm",
            showLabels ? "flex-1 justify-center px-3 py-1.5 text-sm font-medium" : "p-1.5",
          )}
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={theme === value}
            onChange={() => setTheme(value)}
            className="sr-only"
          />
          <Icon className="size-4" aria-hidden />
          <span className={showLabels ? undefined : "sr-only"}>{label}</span>
        </label>
      ))}
    </div>
  );
}

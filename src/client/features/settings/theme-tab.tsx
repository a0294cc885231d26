import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Palette from "lucide-react/icons/palette";
import Sun from "lucide-react/icons/sun";
import type { LucideIcon } from "lucide-react";
import type { Theme } from "@shared/constants";
import { useTheme } from "@client/lib/theme";
import { cn } from "@client/lib/utils";
import { SettingsSection } from "@client/components/layout/settings-section";

const OPTIONS: { value: Theme; label: string; hint: string; icon: LucideIcon }[] = [
  { value: "light", label: "Light", hint: "Bright backgrounds, dark text", icon: Sun },
  { value: "dark", label: "Dark", hint: "Easy on the eyes at night", icon: Moon },
  { value: "system", label: "System", hint: "Follows your device setting", icon: Monitor },
];

/** plans-billing §2 Appearance: light, dark or system; under system it says which one is in use. */
export function ThemeTab() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <SettingsSection
      icon={Palette}
      title="Theme"
      description="Choose how Jargon looks on this device and your account."
    >
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTIONS.map(({ value, label, hint, icon: Icon }) => {
            const checked = theme === value;
            return (
              <label
                key={value}
                className={cn(
                  "relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  checked ? "border-primary bg-accent/60" : "border-border hover:bg-muted",
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={checked}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                />
                <Icon
                  className={cn("mt-0.5 size-5 shrink-0", checked ? "text-primary" : "text-muted-foreground")}
                  aria-hidden
                />
                <span className="flex flex-col gap-0.5">
                  <span className="text-sm font-semibold">{label}</span>
                  <span className="text-xs text-muted-foreground">{hint}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {theme === "system" ? (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          Currently using <span className="font-semibold text-foreground">{resolvedTheme}</span> mode, from
          your device setting.
        </p>
      ) : null}
    </SettingsSection>
  );
}

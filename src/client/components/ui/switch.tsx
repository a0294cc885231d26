import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

interface SwitchProps extends Omit<ComponentProps<"button">, "type" | "role" | "value"> {
  checked: boolean;
  onCheckedChange?(checked: boolean): void;
}

/**
 * An on/off switch (role="switch"); give it a label or an aria-label. Every switch of the app is controlled, so it is
 * a button that says its state and asks for the other one: Radix's switch (with its form input, size observer and
 * controllable state) was some 8 KB of script in every signed-in screen's first load, for the same element.
 */
export function Switch({ className, checked, onCheckedChange, onClick, ...props }: SwitchProps) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      className={cn(
        "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}

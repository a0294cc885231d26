import { useState } from "react";
import type { LazyMenuProps } from "@client/components/ui/lazy-menu";
import { LazyCalendar } from "@client/components/ui/lazy-calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@client/components/ui/popover";

/** The month under 'View date', fetched when its button (view-date-picker.tsx) is first used; it mounts open. */
export function ViewDatePopover({
  trigger,
  value,
  onChange,
  today,
}: LazyMenuProps & { value: Date | null; onChange: (day: Date | null) => void; today: Date }) {
  const [open, setOpen] = useState(true);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="start" className="w-auto p-3" aria-label="Choose a date">
        <LazyCalendar
          mode="single"
          selected={value ?? undefined}
          defaultMonth={value ?? today}
          today={today}
          disabled={{ after: today }}
          onSelect={(day) => {
            onChange(day ?? null);
            setOpen(false);
          }}
          autoFocus
        />
      </PopoverContent>
    </Popover>
  );
}

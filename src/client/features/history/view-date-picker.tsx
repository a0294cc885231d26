import { isSameDay } from "date-fns";
import { CalendarDays } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@client/components/ui/button";
import { LazyCalendar, preloadCalendar } from "@client/components/ui/lazy-calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@client/components/ui/popover";

const buttonDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * 'View date': one day at a time, today by default. The day is not required, so picking the chosen day again
 * clears it and every day shows; 'Today' comes back to today. Days after today hold nothing and are disabled.
 */
export function ViewDatePicker({
  value,
  onChange,
  today,
}: {
  value: Date | null;
  onChange: (day: Date | null) => void;
  today: Date;
}) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const isToday = value !== null && isSameDay(value, today);
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium">
        View date
      </span>
      <div className="flex gap-2">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              className="min-w-0 flex-1 justify-start font-medium sm:w-48 sm:flex-none"
              aria-labelledby={`${labelId} ${labelId}-value`}
              onPointerEnter={preloadCalendar}
              onFocus={preloadCalendar}
            >
              <CalendarDays aria-hidden className="text-muted-foreground" />
              <span id={`${labelId}-value`}>{value ? buttonDate.format(value) : "All dates"}</span>
            </Button>
          </PopoverTrigger>
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
        <Button variant="secondary" onClick={() => onChange(today)} disabled={isToday}>
          Today
        </Button>
      </div>
    </div>
  );
}

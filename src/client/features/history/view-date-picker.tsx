import { isSameDay } from "date-fns";
import CalendarDays from "lucide-react/icons/calendar-days";
import { useId } from "react";
import { Button } from "@client/components/ui/button";
import { preloadCalendar } from "@client/components/ui/lazy-calendar";
import { lazyMenu } from "@client/components/ui/lazy-menu";
import { localDateFormat } from "@client/lib/local-date-format";

// The popover (Radix, floating-ui) loads when the button is first used, not with the page (issue 25).
const ViewDatePopover = lazyMenu(() =>
  import("./view-date-popover").then((module) => module.ViewDatePopover),
);

const buttonDate = localDateFormat({ month: "short", day: "numeric", year: "numeric" });

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
  const labelId = useId();
  const isToday = value !== null && isSameDay(value, today);
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium">
        View date
      </span>
      <div className="flex gap-2">
        <ViewDatePopover
          value={value}
          onChange={onChange}
          today={today}
          trigger={
            <Button
              variant="outline"
              className="min-w-0 flex-1 justify-start font-medium sm:w-48 sm:flex-none"
              aria-labelledby={`${labelId} ${labelId}-value`}
              aria-haspopup="dialog"
              onPointerEnter={preloadCalendar}
              onFocus={preloadCalendar}
            >
              <CalendarDays aria-hidden className="text-muted-foreground" />
              <span id={`${labelId}-value`}>{value ? buttonDate.format(value) : "All dates"}</span>
            </Button>
          }
        />
        <Button variant="secondary" onClick={() => onChange(today)} disabled={isToday}>
          Today
        </Button>
      </div>
    </div>
  );
}

import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import type { ComponentProps } from "react";
import { DayPicker } from "react-day-picker";
import { WEEK_STARTS_ON } from "@shared/constants";
import { cn } from "@client/lib/utils";
import { buttonVariants } from "./button";

/**
 * A month calendar (react-day-picker) styled with the app's tokens. Weeks start on Sunday and the
 * locale is react-day-picker's default, en-US (learner-core §9), unless a caller says otherwise.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      weekStartsOn={WEEK_STARTS_ON}
      showOutsideDays={showOutsideDays}
      className={cn("p-1", className)}
      classNames={{
        root: "relative",
        months: "flex flex-col gap-4",
        month: "space-y-3",
        month_caption: "flex h-9 items-center justify-center",
        caption_label: "text-sm font-semibold",
        nav: "absolute inset-x-0 top-0 flex h-9 items-center justify-between",
        button_previous: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-9"),
        button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-9"),
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-9 text-center text-xs font-medium text-muted-foreground",
        week: "mt-1 flex w-full",
        day: "size-9 p-0 text-center text-sm",
        day_button:
          "size-9 rounded-lg font-normal transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
        today: "[&>button]:font-bold [&>button]:text-primary",
        selected:
          "[&>button]:bg-primary [&>button]:font-semibold [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover",
        // Muted, not faded: at 60% opacity the days of the months beside failed contrast (2.87:1; axe found it on the 1st).
        outside: "[&>button]:text-muted-foreground",
        disabled: "[&>button]:pointer-events-none [&>button]:opacity-40",
        hidden: "invisible",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) =>
          orientation === "left" ? (
            <ChevronLeft className={cn("size-4", chevronClass)} aria-hidden />
          ) : (
            <ChevronRight className={cn("size-4", chevronClass)} aria-hidden />
          ),
      }}
      {...props}
    />
  );
}

import { lazy, Suspense, type ComponentProps } from "react";
import type { Calendar as CalendarComponent } from "./calendar";
import { Skeleton } from "./skeleton";

// The month grid (react-day-picker) is most of a picker's code and only needed once the picker opens.
const Calendar = lazy(() => import("./calendar").then((module) => ({ default: module.Calendar })));

/** Starts fetching the calendar before it is needed: call it when the picker's trigger is hovered or focused. */
export const preloadCalendar = () => void import("./calendar");

/** The Calendar, fetched on first use, with a placeholder of its size until it arrives. */
export function LazyCalendar(props: ComponentProps<typeof CalendarComponent>) {
  return (
    <Suspense fallback={<Skeleton className="h-[19rem] w-[16.25rem] rounded-lg" />}>
      <Calendar {...props} />
    </Suspense>
  );
}

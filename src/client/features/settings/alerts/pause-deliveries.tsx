import CalendarDays from "lucide-react/icons/calendar-days";
import PauseCircle from "lucide-react/icons/circle-pause";
import PlayCircle from "lucide-react/icons/circle-play";
import { useEffect, useId, useRef, useState } from "react";
import { PAUSE_MAX_MONTHS_TEXT, type Preferences } from "@shared/api/preferences";
import { PAUSE_MAX_MONTHS } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { LazyCalendar, preloadCalendar } from "@client/components/ui/lazy-calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@client/components/ui/popover";
import { useAuth } from "@client/lib/auth";
import { toast } from "@client/lib/toast";
import { useNow } from "@client/lib/use-now";
import { useUpdatePreferences } from "../api/preferences";
import { resumeDayText } from "@client/features/subscriptions";
import {
  DELIVERIES_RESUMED_TOAST,
  dayToPickerDate,
  pauseEndBounds,
  pickedDayText,
  pickerDateToDay,
} from "./pause";
import { SaveFailureMessage } from "./save-failure-message";
import { saveFailureOf, type SaveFailure } from "./schedule";

/**
 * "Pause deliveries" until a day at most PAUSE_MAX_MONTHS ahead (the FAQ's promise), or "Resume now". It acts at
 * once. After either, the focus moves to the control that replaced the pressed button, so it is never lost.
 */
export function PauseDeliveries({ preferences }: { preferences: Preferences }) {
  const id = useId();
  const { user } = useAuth();
  const timeZone = user?.timeZone ?? null;
  const update = useUpdatePreferences();
  const now = useNow();
  const [day, setDay] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const pause = preferences.pause;

  const resumeButton = useRef<HTMLButtonElement>(null);
  const pickerButton = useRef<HTMLButtonElement>(null);
  // Which state the focus waits for: the saved preferences may be read back after the save's success, and the
  // control to focus exists only once they show the new state.
  const [focusWhen, setFocusWhen] = useState<"paused" | "running" | null>(null);
  useEffect(() => {
    if (focusWhen === null || (pause !== null) !== (focusWhen === "paused")) return;
    (pause ? resumeButton : pickerButton).current?.focus();
    setFocusWhen(null);
  }, [focusWhen, pause]);

  const save = (body: { pause: { until: string } | null }, advice: string, done: () => void) => {
    setFailure(null);
    update.mutate(body, {
      onSuccess: () => {
        done();
        setFocusWhen(body.pause ? "paused" : "running");
      },
      onError: (error) => setFailure(saveFailureOf(error, advice)),
    });
  };

  const pauseUntil = (until: string) =>
    save(
      { pause: { until } },
      `Choose another day, at most ${PAUSE_MAX_MONTHS} months ahead, and pause again.`,
      () => {
        setDay(null);
        toast({
          title: "Deliveries paused",
          description: `They resume by themselves on ${pickedDayText(until)}.`,
        });
      },
    );

  const resumeNow = () =>
    save({ pause: null }, "Reload the page to see whether deliveries are paused, then try again.", () =>
      toast(DELIVERIES_RESUMED_TOAST),
    );

  const failureLine = failure ? <SaveFailureMessage id={`${id}-failure`} failure={failure} /> : null;

  if (pause) {
    return (
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 border-t border-border pt-5">
        <div className="flex flex-col gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center">
          <PauseCircle className="hidden size-6 shrink-0 text-primary sm:block" aria-hidden />
          <div className="min-w-0 flex-1">
            <h3 id={`${id}-title`} className="text-sm font-semibold" data-testid="paused-until">
              Paused until {resumeDayText(pause.until, timeZone)}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">
              Deliveries resume by themselves on that day, with no burst: reviews that fell due meanwhile come
              back at most {preferences.dailyReviewCap} a day.
            </p>
          </div>
          <Button
            ref={resumeButton}
            type="button"
            variant="outline"
            onClick={resumeNow}
            disabled={update.isPending}
            aria-describedby={failure ? `${id}-failure` : undefined}
          >
            <PlayCircle aria-hidden />
            {update.isPending ? "Resuming..." : "Resume now"}
          </Button>
        </div>
        {failureLine}
      </section>
    );
  }

  const bounds = pauseEndBounds(now, { timeZone, dayStartHour: preferences.dayStartsAtHour });
  const first = dayToPickerDate(bounds.first);
  const last = dayToPickerDate(bounds.last);
  // A day picked before midnight (or the learner's day start) can fall out of range while the page stays open.
  const pickedDay = day !== null && day >= bounds.first && day <= bounds.last ? day : null;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 border-t border-border pt-5">
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          Pause deliveries
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Away for a while? Stop every e-mail, in-app word, text and push {PAUSE_MAX_MONTHS_TEXT}. Deliveries
          resume by themselves on the day you choose, with no burst of missed reviews.
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-until-label`} className="text-sm font-medium">
          Pause until
        </span>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Popover open={pickerOpen} onOpenChange={setPickerOpen}>
            <PopoverTrigger asChild>
              <Button
                ref={pickerButton}
                type="button"
                variant="outline"
                className="justify-start font-medium sm:w-52"
                aria-labelledby={`${id}-until-label ${id}-until-value`}
                onPointerEnter={preloadCalendar}
                onFocus={preloadCalendar}
              >
                <CalendarDays aria-hidden className="text-muted-foreground" />
                <span id={`${id}-until-value`}>{pickedDay ? pickedDayText(pickedDay) : "Choose a date"}</span>
              </Button>
            </PopoverTrigger>
            <PopoverContent
              align="start"
              className="w-auto p-3"
              aria-label="Choose the day deliveries resume"
            >
              <LazyCalendar
                mode="single"
                selected={pickedDay ? dayToPickerDate(pickedDay) : undefined}
                defaultMonth={pickedDay ? dayToPickerDate(pickedDay) : first}
                startMonth={first}
                endMonth={last}
                disabled={[{ before: first }, { after: last }]}
                onSelect={(date) => {
                  setDay(date ? pickerDateToDay(date) : null);
                  setFailure(null);
                  setPickerOpen(false);
                }}
                autoFocus
              />
            </PopoverContent>
          </Popover>
          <Button
            type="button"
            onClick={() => pickedDay && pauseUntil(pickedDay)}
            disabled={!pickedDay || update.isPending}
            aria-describedby={failure ? `${id}-failure` : undefined}
          >
            <PauseCircle aria-hidden />
            {update.isPending ? "Pausing..." : "Pause deliveries"}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Any day from {pickedDayText(bounds.first)} to {pickedDayText(bounds.last)}.
        </p>
      </div>
      {failureLine}
    </section>
  );
}

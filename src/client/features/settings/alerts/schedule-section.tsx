import CalendarClock from "lucide-react/icons/calendar-clock";
import { useId, useRef, useState, type FormEvent } from "react";
import type { Preferences } from "@shared/api/preferences";
import {
  DAILY_REVIEW_CAP_DEFAULT,
  DAILY_REVIEW_CAP_MAX,
  DAILY_REVIEW_CAP_MIN,
  REVIEW_DELIVERIES,
} from "@shared/constants";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { Switch } from "@client/components/ui/switch";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { usePreferences, useUpdatePreferences } from "../api/preferences";
import { SettingsSection } from "@client/components/layout/settings-section";
import { PauseDeliveries } from "./pause-deliveries";
import { SaveFailureMessage } from "./save-failure-message";
import {
  DAY_START_HOURS,
  dayStartLabel,
  quietHoursSentence,
  REVIEW_DELIVERY_CHOICES,
  saveFailureOf,
  scheduleChanges,
  scheduleDraftOf,
  type SaveFailure,
  type ScheduleDraft,
  type ScheduleField,
} from "./schedule";

/**
 * Issue 16: when words may arrive (quiet hours), when the learner's day begins (due dates, streaks), how many reviews
 * a day may bring, where those reviews go (issue 22), and a pause. All but the pause are one form with a Save
 * button; the pause acts at once.
 */
export function ScheduleSection() {
  const query = usePreferences();
  const preferences = query.data;
  return (
    <SettingsSection
      icon={CalendarClock}
      title="Schedule"
      description="When words may reach you, when your day begins, and how many reviews a day can bring, and where."
      action={preferences?.pause ? <Badge>Paused</Badge> : null}
    >
      {preferences ? (
        <div className="flex flex-col gap-6">
          <ScheduleForm saved={preferences} />
          <PauseDeliveries preferences={preferences} />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm sm:flex-row sm:items-center">
          <p className="flex-1">
            <span className="font-medium text-destructive">Your schedule could not be loaded.</span>{" "}
            <span className="text-muted-foreground">Nothing has changed; try again in a moment.</span>
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading your schedule">
          <Skeleton className="h-12 rounded-lg" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-16 rounded-lg" />
            <Skeleton className="h-16 rounded-lg" />
          </div>
          <Skeleton className="h-24 rounded-lg" />
        </div>
      )}
    </SettingsSection>
  );
}

const hintClass = "text-xs text-muted-foreground";

function ScheduleForm({ saved }: { saved: Preferences }) {
  const id = useId();
  const update = useUpdatePreferences();
  const [draft, setDraft] = useState<ScheduleDraft>(() => scheduleDraftOf(saved));
  const [invalid, setInvalid] = useState<{ field: ScheduleField; message: string } | null>(null);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const quietStartInput = useRef<HTMLInputElement>(null);
  const capInput = useRef<HTMLInputElement>(null);

  const check = scheduleChanges(saved, draft);
  const unsaved = !check.ok || check.changes !== null;

  const change = (next: Partial<ScheduleDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setInvalid(null);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok) {
      setInvalid({ field: check.field, message: check.message });
      (check.field === "quietHours" ? quietStartInput : capInput).current?.focus();
      return;
    }
    if (!check.changes) return;
    update.mutate(check.changes, {
      onSuccess: () => toast({ title: "Schedule saved", variant: "success" }),
      onError: (error) => setFailure(saveFailureOf(error, "Change the setting it names and save again.")),
    });
  };

  const errorOf = (field: ScheduleField) => (invalid?.field === field ? invalid.message : null);
  const quietError = errorOf("quietHours");
  const capError = errorOf("dailyReviewCap");
  const quietHours = draft.quietHoursOn ? draft.quietHours : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Schedule">
      <div className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Label htmlFor={`${id}-quiet`}>Quiet hours</Label>
            <p
              id={`${id}-quiet-summary`}
              className="mt-1.5 text-sm text-muted-foreground"
              data-testid="quiet-hours-summary"
            >
              {quietHoursSentence(quietHours)}
            </p>
          </div>
          <Switch
            id={`${id}-quiet`}
            checked={draft.quietHoursOn}
            onCheckedChange={(quietHoursOn) => change({ quietHoursOn })}
            aria-describedby={`${id}-quiet-summary`}
          />
        </div>
        {draft.quietHoursOn ? (
          <div className="flex flex-wrap items-end gap-3">
            {(["start", "end"] as const).map((end) => (
              <div key={end} className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-quiet-${end}`}>
                  <span className="sr-only">Quiet hours </span>
                  {end === "start" ? "From" : "To"}
                </Label>
                <Input
                  ref={end === "start" ? quietStartInput : undefined}
                  id={`${id}-quiet-${end}`}
                  type="time"
                  required
                  value={draft.quietHours[end]}
                  onChange={(event) =>
                    event.target.value &&
                    change({ quietHours: { ...draft.quietHours, [end]: event.target.value } })
                  }
                  aria-invalid={quietError ? true : undefined}
                  aria-describedby={quietError ? `${id}-quiet-error` : undefined}
                  className="w-36"
                />
              </div>
            ))}
          </div>
        ) : null}
        {quietError ? <FieldError id={`${id}-quiet-error`} message={quietError} /> : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-day-start`}>Your day starts at</Label>
          <Select
            value={String(draft.dayStartsAtHour)}
            onValueChange={(value) => change({ dayStartsAtHour: Number(value) })}
          >
            <SelectTrigger
              id={`${id}-day-start`}
              aria-describedby={`${id}-day-start-hint`}
              className="sm:w-48"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72 overflow-y-auto">
              {DAY_START_HOURS.map((hour) => (
                <SelectItem key={hour} value={String(hour)}>
                  {dayStartLabel(hour)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${id}-day-start-hint`} className={hintClass}>
            Due reviews and your streak count days from this hour. Up late? With 04:00, 1 am still counts as
            the day before.
          </p>
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-cap`}>Reviews per day</Label>
          <Input
            ref={capInput}
            id={`${id}-cap`}
            type="number"
            inputMode="numeric"
            min={DAILY_REVIEW_CAP_MIN}
            max={DAILY_REVIEW_CAP_MAX}
            step={1}
            value={draft.dailyReviewCap}
            onChange={(event) => change({ dailyReviewCap: event.target.value })}
            aria-invalid={capError ? true : undefined}
            aria-describedby={`${id}-cap-hint${capError ? ` ${id}-cap-error` : ""}`}
            className="w-28"
          />
          <p id={`${id}-cap-hint`} className={hintClass}>
            {/* One sentence on what the cap trades (issue 22): recall kept against minutes spent. */}
            More reviews a day keep more of your words, at a few more minutes a day; the words a review helps
            most come first ({DAILY_REVIEW_CAP_MIN}–{DAILY_REVIEW_CAP_MAX}, default {DAILY_REVIEW_CAP_DEFAULT}
            ).
          </p>
          {capError ? <FieldError id={`${id}-cap-error`} message={capError} /> : null}
        </div>
      </div>

      <fieldset aria-describedby={`${id}-reviews-hint`}>
        <legend className="text-sm font-medium">Where reviews go</legend>
        <p id={`${id}-reviews-hint`} className={cn(hintClass, "mt-1")}>
          Whichever you choose, due reviews wait for you on the Review page until you answer them.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {REVIEW_DELIVERIES.map((choice) => (
            <label
              key={choice}
              className={cn(
                "flex cursor-pointer items-start gap-2 rounded-lg border border-border px-3 py-2.5 text-sm transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                draft.reviewDelivery === choice &&
                  "border-primary bg-accent text-accent-foreground hover:bg-accent",
              )}
            >
              <input
                type="radio"
                name={`${id}-review-delivery`}
                value={choice}
                checked={draft.reviewDelivery === choice}
                onChange={() => change({ reviewDelivery: choice })}
                className="mt-0.5 size-4 shrink-0 accent-(--primary) outline-none"
              />
              <span className="min-w-0">
                <span className="block font-medium">{REVIEW_DELIVERY_CHOICES[choice].label}</span>
                <span className="mt-0.5 block text-xs text-muted-foreground">
                  {REVIEW_DELIVERY_CHOICES[choice].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        {draft.reviewDelivery === "daily_review" ? (
          <div className="mt-3 flex flex-col gap-1.5">
            <Label htmlFor={`${id}-daily-review-time`}>Daily review at</Label>
            <Input
              id={`${id}-daily-review-time`}
              type="time"
              required
              value={draft.dailyReviewTime}
              onChange={(event) => event.target.value && change({ dailyReviewTime: event.target.value })}
              aria-describedby={`${id}-daily-review-time-hint`}
              className="w-36"
            />
            <p id={`${id}-daily-review-time-hint`} className={hintClass}>
              Your time; never in quiet hours.
            </p>
          </div>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-end">
        {failure ? (
          <div className="sm:mr-auto">
            <SaveFailureMessage id={`${id}-failure`} failure={failure} />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
            {unsaved ? "You have unsaved changes." : ""}
          </p>
        )}
        <Button type="submit" disabled={!unsaved || update.isPending} className="sm:w-auto">
          {update.isPending ? "Saving..." : "Save schedule"}
        </Button>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

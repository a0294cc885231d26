import { describe, expect, it } from "vitest";
import { ApiError } from "@client/lib/api";
import {
  DAY_START_HOURS,
  dayStartLabel,
  quietHoursSentence,
  saveFailureOf,
  scheduleChanges,
  scheduleDraftOf,
} from "./schedule";

const saved = {
  quietHours: null,
  dayStartsAtHour: 0,
  dailyReviewCap: 20,
  reviewDelivery: "with_words" as const,
  dailyReviewTime: "18:00",
};

describe("the Schedule form", () => {
  it("starts from the stored values, offering 22:00–07:00 while quiet hours are off", () => {
    expect(scheduleDraftOf(saved)).toEqual({
      quietHoursOn: false,
      quietHours: { start: "22:00", end: "07:00" },
      dayStartsAtHour: 0,
      dailyReviewCap: "20",
      reviewDelivery: "with_words",
      dailyReviewTime: "18:00",
    });
    const stored = { ...saved, quietHours: { start: "23:30", end: "06:00" } };
    expect(scheduleDraftOf(stored)).toMatchObject({ quietHoursOn: true, quietHours: stored.quietHours });
  });

  it("sends only what changed, and nothing when nothing did", () => {
    const draft = scheduleDraftOf(saved);
    expect(scheduleChanges(saved, draft)).toEqual({ ok: true, changes: null });
    // Times edited while the switch is off are not a change: the window stays off.
    expect(scheduleChanges(saved, { ...draft, quietHours: { start: "21:00", end: "06:00" } })).toEqual({
      ok: true,
      changes: null,
    });
    expect(scheduleChanges(saved, { ...draft, quietHoursOn: true, dailyReviewCap: " 35 " })).toEqual({
      ok: true,
      changes: { quietHours: { start: "22:00", end: "07:00" }, dailyReviewCap: 35 },
    });
    expect(scheduleChanges(saved, { ...draft, dayStartsAtHour: 4 })).toEqual({
      ok: true,
      changes: { dayStartsAtHour: 4 },
    });
  });

  it("sends where reviews go, with the daily review's time only while the daily review is chosen", () => {
    const draft = scheduleDraftOf(saved);
    expect(scheduleChanges(saved, { ...draft, reviewDelivery: "app_only" })).toEqual({
      ok: true,
      changes: { reviewDelivery: "app_only" },
    });
    expect(
      scheduleChanges(saved, { ...draft, reviewDelivery: "daily_review", dailyReviewTime: "07:30" }),
    ).toEqual({
      ok: true,
      changes: { reviewDelivery: "daily_review", dailyReviewTime: "07:30" },
    });
    // Back to "with my words" after moving the time: the time was not what the learner kept.
    expect(scheduleChanges(saved, { ...draft, dailyReviewTime: "07:30" })).toEqual({
      ok: true,
      changes: null,
    });
    const daily = { ...saved, reviewDelivery: "daily_review" as const };
    expect(scheduleChanges(daily, { ...scheduleDraftOf(daily), dailyReviewTime: "08:15" })).toEqual({
      ok: true,
      changes: { dailyReviewTime: "08:15" },
    });
  });

  it("turns quiet hours off with null, and sends a moved window", () => {
    const on = { ...saved, quietHours: { start: "22:00", end: "07:00" } };
    expect(scheduleChanges(on, { ...scheduleDraftOf(on), quietHoursOn: false })).toEqual({
      ok: true,
      changes: { quietHours: null },
    });
    expect(
      scheduleChanges(on, { ...scheduleDraftOf(on), quietHours: { start: "22:00", end: "06:30" } }),
    ).toEqual({ ok: true, changes: { quietHours: { start: "22:00", end: "06:30" } } });
  });

  it("refuses what the server would refuse, with the server's messages", () => {
    const draft = { ...scheduleDraftOf(saved), quietHoursOn: true };
    expect(scheduleChanges(saved, { ...draft, quietHours: { start: "07:00", end: "07:00" } })).toEqual({
      ok: false,
      field: "quietHours",
      message: "Quiet hours must start and end at different times",
    });
    for (const typed of ["0", "201", "2.5", "", "ten", "-3"]) {
      expect(scheduleChanges(saved, { ...draft, dailyReviewCap: typed })).toEqual({
        ok: false,
        field: "dailyReviewCap",
        message: "Reviews per day must be a whole number from 1 to 200",
      });
    }
    expect(scheduleChanges(saved, { ...draft, dailyReviewCap: "200" })).toMatchObject({ ok: true });
  });

  it("says what quiet hours mean, including a window across midnight", () => {
    expect(quietHoursSentence({ start: "22:00", end: "07:00" })).toBe(
      "No words, pushes or texts between 22:00 and 07:00 (your time).",
    );
    expect(quietHoursSentence(null)).toMatch(/^Off: /);
  });

  it("lists every hour a day may start at", () => {
    expect(DAY_START_HOURS).toHaveLength(24);
    expect(DAY_START_HOURS.map(dayStartLabel).slice(0, 2)).toEqual(["00:00 (midnight)", "01:00"]);
    expect(dayStartLabel(23)).toBe("23:00");
  });
});

describe("a failed save", () => {
  const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), "");

  it("shows the server's message as a sentence, then what to change", () => {
    expect(
      saveFailureOf(
        answer(400, { message: "A pause can last up to 3 months", code: "INVALID_PAUSE" }),
        "Choose another day.",
      ),
    ).toEqual({ message: "A pause can last up to 3 months.", advice: "Choose another day." });
  });

  it("says nothing changed when the server failed or could not be reached", () => {
    expect(saveFailureOf(answer(500, { message: "Internal Server Error" }), "unused")).toEqual({
      message: "Internal Server Error.",
      advice: "Nothing was changed. Please try again in a moment.",
    });
    expect(saveFailureOf(new ApiError(502, "", "Bad Gateway"), "unused")?.message).toBe(
      "The server answered 502.",
    );
    expect(saveFailureOf(new TypeError("Failed to fetch"), "unused")).toEqual({
      message: "Jargon could not be reached.",
      advice: "Nothing was changed. Check your connection and try again.",
    });
  });

  it("leaves a lost session to the sign-in handler", () => {
    expect(saveFailureOf(new ApiError(401, JSON.stringify({ message: "Unauthorized" }), ""), "x")).toBeNull();
  });
});

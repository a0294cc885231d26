import { describe, expect, it } from "vitest";
import { forecastSummary, formatDay, nextDueDay, retentionSummary, topicsSummary } from "./figures";

const forecast = (...counts: number[]) =>
  counts.map((count, index) => ({ date: `2026-03-${String(index + 1).padStart(2, "0")}`, count }));

describe("the next review day", () => {
  it("reads later today, tomorrow, or the date", () => {
    expect(nextDueDay(forecast(2, 0))).toBe("later today");
    expect(nextDueDay(forecast(0, 1))).toBe("tomorrow");
    expect(nextDueDay(forecast(0, 0, 0, 4))).toBe("on Wed, Mar 4");
    expect(nextDueDay(forecast(0, 0))).toBeNull();
  });

  it("keeps the user's calendar day in any browser zone", () => {
    expect(formatDay("2026-03-01", true)).toBe("Mar 1");
  });
});

describe("the charts' text summaries", () => {
  it("name the total and the busiest day", () => {
    expect(forecastSummary(forecast(1, 5, 2))).toBe(
      "8 reviews due in the next 30 days; the busiest day is Mon, Mar 2 with 5.",
    );
    expect(forecastSummary(forecast(0))).toBe("No reviews due in the next 30 days.");
  });

  it("give last week's retention and the strongest topic", () => {
    expect(
      retentionSummary([
        { week: "2026-02-23", rate: 0.5 },
        { week: "2026-03-02", rate: 0.875 },
      ]),
    ).toBe("In the week of Mar 2 you knew 88% of the words you reviewed.");
    expect(
      topicsSummary([
        { topicId: 1, name: "Finance", retrievability: 0.7 },
        { topicId: 2, name: "Law", retrievability: 0.92 },
      ]),
    ).toBe("2 topics; you'd recall most now in Law (92%).");
  });
});

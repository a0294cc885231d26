import { describe, expect, it } from "vitest";
import { reviewParametersLine } from "./review-parameters";

describe("reviewParametersLine", () => {
  it("names the date personal parameters came into use", () => {
    expect(
      reviewParametersLine({
        inUseSince: "2026-03-02T12:00:00.000Z",
        reviews: 512,
        lastFitAt: "2026-03-02T12:00:00.000Z",
      }),
    ).toBe("Personal review parameters: in use since March 2, 2026");
  });

  it("counts the reviews still to go, or says the fit is on its way", () => {
    expect(reviewParametersLine({ inUseSince: null, reviews: 37, lastFitAt: null })).toBe(
      "Default parameters (personal ones after 64 reviews; you have 37)",
    );
    expect(reviewParametersLine({ inUseSince: null, reviews: 64, lastFitAt: null })).toBe(
      "Default parameters (you have 64 reviews; your personal ones are fitted within a day)",
    );
  });

  it("once a fit found too little to learn from, says so instead of promising a fit within a day", () => {
    expect(
      reviewParametersLine({ inUseSince: null, reviews: 150, lastFitAt: "2026-03-02T12:00:00.000Z" }),
    ).toBe(
      "Default parameters (you have 150 reviews, not yet enough for personal ones; we try again each day you review)",
    );
  });
});

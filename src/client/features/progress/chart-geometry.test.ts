import { describe, expect, it } from "vitest";
import { labelledIndexes, roundedBarPath, truncate, wholeTicks } from "./chart-geometry";

describe("wholeTicks", () => {
  it("counts in steps of 1, 2 or 5 times a power of ten, up to the largest value or just past it", () => {
    expect(wholeTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(wholeTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(wholeTicks(18)).toEqual([0, 5, 10, 15, 20]);
    expect(wholeTicks(130)).toEqual([0, 50, 100, 150]);
  });

  it("never shows a fraction of a review", () => {
    expect(wholeTicks(1)).toEqual([0, 1]);
    expect(wholeTicks(2)).toEqual([0, 1, 2]);
  });

  it("still draws a scale when nothing is due", () => {
    expect(wholeTicks(0)).toEqual([0, 1]);
  });
});

describe("labelledIndexes", () => {
  it("labels every category when they all fit", () => {
    expect(labelledIndexes(5, 400, 56)).toEqual([0, 1, 2, 3, 4]);
  });

  it("labels at most what fits on a phone: 30 days in 300 px get 5 labels, every 6th day", () => {
    expect(labelledIndexes(30, 300, 56)).toEqual([0, 6, 12, 18, 24]);
  });

  it("labels every other day of 30 on a wide screen", () => {
    expect(labelledIndexes(30, 1000, 56)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28]);
  });

  it("labels nothing when there is no category, and the first one however narrow the axis", () => {
    expect(labelledIndexes(0, 300, 56)).toEqual([]);
    expect(labelledIndexes(3, 10, 56)).toEqual([0]);
  });
});

describe("truncate", () => {
  it("keeps a name that fits and cuts a longer one with an ellipsis", () => {
    expect(truncate("Finance", 10)).toEqual("Finance");
    expect(truncate("Information technology", 10)).toEqual("Informati…");
  });
});

describe("roundedBarPath", () => {
  it("rounds a vertical bar's top corners", () => {
    expect(roundedBarPath({ x: 0, y: 10, width: 10, height: 20 }, "up")).toBe(
      "M0,30V13A3,3 0 0 1 3,10H7A3,3 0 0 1 10,13V30Z",
    );
  });

  it("rounds a horizontal bar's right end", () => {
    expect(roundedBarPath({ x: 0, y: 0, width: 50, height: 10 }, "right")).toBe(
      "M0,0H47A3,3 0 0 1 50,3V7A3,3 0 0 1 47,10H0Z",
    );
  });

  it("shrinks the radius for a bar lower than its corners", () => {
    expect(roundedBarPath({ x: 0, y: 9, width: 10, height: 1 }, "up")).toBe(
      "M0,10V9.5A0.5,0.5 0 0 1 0.5,9H9.5A0.5,0.5 0 0 1 10,9.5V10Z",
    );
  });
});

import { describe, expect, it } from "vitest";
import { mean, median, reviewsPerRetained, seededRandom, simulate } from "./simulation";

describe("the learning-loop simulation", () => {
  it("learners on Jargon's loop retain more words than on today's engine (20 learners, 60 days)", () => {
    const { today, loop } = simulate({ learners: 20, days: 60, seed: 42, wordsPerSend: 3 });
    expect(today.retained).toHaveLength(20);
    expect(mean(loop.retained)).toBeGreaterThan(2 * mean(today.retained));
    expect(mean(loop.reviews)).toBeGreaterThan(0);
    expect(reviewsPerRetained(loop)).toBeGreaterThan(0);
    expect(reviewsPerRetained(today)).toBe(0);
  });

  it("is repeatable from its seed", () => {
    const options = { learners: 3, days: 30, seed: 7, wordsPerSend: 1 };
    expect(simulate(options)).toEqual(simulate(options));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  it("summarises with mean and median", () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

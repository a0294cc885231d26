import { default_w } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { DAY_MS, PERSONAL_PARAMETERS_MIN_REVIEWS } from "@shared/constants";
import { gradeCard, newCard, retrievability } from "@shared/rules/learning/fsrs";
import { fitPersonalParameters, trainingItems, type ReviewForFit } from "./personal-parameters";
import { seededRandom } from "@shared/rules/random";

const UTC = { timeZone: null, dayStartHour: 0 };
const START = new Date("2026-01-05T08:00:00Z");

/**
 * A learner who forgets much faster than FSRS's defaults assume (their true initial stabilities are a fifth of the
 * defaults), reviewed on the default schedule for four months: the history the weekly job would fit.
 */
function fastForgetterHistory(): ReviewForFit[] {
  const trueWeights = default_w.map((weight, index) => (index < 4 ? weight / 5 : weight));
  const random = seededRandom(20261124);
  const reviews: ReviewForFit[] = [];
  for (let cardId = 1; cardId <= 160; cardId++) {
    const introducedAt = new Date(START.getTime() + (cardId % 40) * DAY_MS);
    let scheduled = gradeCard(newCard(introducedAt), "good", introducedAt, "email").card;
    let truth = gradeCard(newCard(introducedAt), "good", introducedAt, "email", trueWeights).card;
    reviews.push({ cardId, grade: "good", reviewedAt: introducedAt });
    for (let review = 0; review < 5; review++) {
      const at = new Date(Math.max(scheduled.due.getTime(), introducedAt.getTime() + DAY_MS));
      // Only the initial stabilities differ, not the decay, so the default curve reads the true card right.
      const recalled = random() < retrievability(truth, at);
      const grade = recalled ? "good" : "again";
      reviews.push({ cardId, grade, reviewedAt: at });
      scheduled = gradeCard(scheduled, grade, at, "email").card;
      truth = gradeCard(truth, grade, at, "email", trueWeights).card;
    }
  }
  return reviews;
}

describe("personal FSRS parameters", () => {
  it("turns each card's history into one training item per review after the first, days counted in user days", () => {
    const at = (iso: string) => new Date(iso);
    const items = trainingItems(
      [
        { cardId: 7, grade: "good", reviewedAt: at("2026-03-01T09:00:00Z") },
        { cardId: 7, grade: "again", reviewedAt: at("2026-03-04T23:30:00Z") },
        { cardId: 7, grade: "good", reviewedAt: at("2026-03-05T00:10:00Z") },
      ],
      UTC,
    );
    expect(items.map((item) => item.reviews.map((step) => [step.rating, step.deltaT]))).toEqual([
      [
        [3, 0],
        [1, 3],
      ],
      [
        [3, 0],
        [1, 3],
        [3, 1],
      ],
    ]);
  });

  it("from 64 reviews fits the first stabilities on the optimiser's small-data path, keeping the other defaults", async () => {
    // 48 words, each answered on its first day and again 1–4 days later, by a learner who forgets fast (recall
    // e^(−days/4)): 96 reviews but only 48 training items, under the 64 the full model needs.
    const random = seededRandom(5);
    const reviews: ReviewForFit[] = [];
    for (let cardId = 1; cardId <= 48; cardId++) {
      const first = START.getTime() + cardId * DAY_MS;
      const gap = 1 + (cardId % 4);
      reviews.push({ cardId, grade: random() < 0.4 ? "again" : "good", reviewedAt: new Date(first) });
      const recalled = random() < Math.exp(-gap / 4);
      reviews.push({
        cardId,
        grade: recalled ? "good" : "again",
        reviewedAt: new Date(first + gap * DAY_MS),
      });
    }
    const weights = await fitPersonalParameters(reviews, UTC);
    expect(weights).not.toBeNull();
    const changed = weights!.flatMap((weight, index) =>
      Math.abs(weight - default_w[index]!) > 1e-4 ? [index] : [],
    );
    expect(changed).toEqual([0, 1, 2, 3]);
    // Their words come back sooner than the defaults would bring them.
    expect(weights![2]).toBeLessThan(default_w[2]!);
  }, 120_000);

  it("sets aside each first answer's rare gaps as outliers, as FSRS's optimiser does, and then may find nothing", async () => {
    // 45 words answered on their first day and again after one of `gaps` gaps, by the learner above. FSRS's
    // optimiser sets aside each first rating's rarest gaps, at least 20 answers' worth and any gap with under 6
    // answers: with 9 gaps of 5 words, 90 reviews leave it nothing and the learner stays on the default weights;
    // with 3 gaps of 15 words the same count of reviews fits.
    const history = (gaps: number): ReviewForFit[] => {
      const random = seededRandom(5);
      return Array.from({ length: 45 }, (_, index) => {
        const first = START.getTime() + index * DAY_MS;
        const gap = 1 + (index % gaps);
        const recalled = random() < Math.exp(-gap / 4);
        return [
          { cardId: index + 1, grade: "good" as const, reviewedAt: new Date(first) },
          {
            cardId: index + 1,
            grade: recalled ? "good" : "again",
            reviewedAt: new Date(first + gap * DAY_MS),
          },
        ] satisfies ReviewForFit[];
      }).flat();
    };
    expect(history(9).length).toBeGreaterThanOrEqual(PERSONAL_PARAMETERS_MIN_REVIEWS);
    expect(await fitPersonalParameters(history(9), UTC)).toBeNull();
    expect(await fitPersonalParameters(history(3), UTC)).not.toBeNull();
  }, 120_000);

  it("waits for enough reviews before fitting anything", async () => {
    const few = fastForgetterHistory().slice(0, PERSONAL_PARAMETERS_MIN_REVIEWS - 1);
    expect(await fitPersonalParameters(few, UTC)).toBeNull();
  });

  it("fits a fast forgetter's weights so their words come back sooner than the defaults would bring them", async () => {
    const history = fastForgetterHistory();
    expect(history.length).toBeGreaterThanOrEqual(PERSONAL_PARAMETERS_MIN_REVIEWS);
    const weights = await fitPersonalParameters(history, UTC);
    expect(weights).not.toBeNull();
    const now = new Date("2026-06-01T08:00:00Z");
    const nextDay = new Date(now.getTime() + DAY_MS);
    const withDefaults = gradeCard(
      gradeCard(newCard(now), "good", now, "web").card,
      "good",
      nextDay,
      "web",
    ).card;
    const withTheirs = gradeCard(
      gradeCard(newCard(now), "good", now, "web", weights).card,
      "good",
      nextDay,
      "web",
      weights,
    ).card;
    expect(withTheirs.stability).toBeLessThan(withDefaults.stability * 0.8);
    expect(withTheirs.due.getTime()).toBeLessThan(withDefaults.due.getTime());
  }, 120_000);
});

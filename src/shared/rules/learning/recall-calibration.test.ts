import { describe, expect, it } from "vitest";
import { RECALL_CALIBRATION_FORGETTING, RECALL_CALIBRATION_PRIOR_SD } from "@shared/constants";
import { UTC_DAY_CLOCK } from "./day-start";
import {
  gradeCard,
  newCard,
  recallAfterWholeDays,
  recallGainOfReview,
  recallOnCurve,
  scheduler,
  type LearningCard,
} from "./fsrs";
import {
  calibratedRecall,
  calibrationAfterGrade,
  calibrationFromArray,
  calibrationInForce,
  calibrationToArray,
  forgetStep,
  observeRecall,
  recallNowOf,
  UNCALIBRATED,
  type RecallCalibration,
} from "./recall-calibration";

const DAY = 86_400_000;
const start = new Date("2025-03-03T09:00:00Z");

/** A small deterministic generator (mulberry32), so the learners below are the same at every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `answers` answers to lapsed cards FSRS put between 0.3 and 0.95, remembered with probability `trueRecall(r)`, each
 * after a forgetting step of `keep` (as `calibrationAfterGrade` does), from `from`.
 */
function learner(
  answers: number,
  trueRecall: (estimate: number) => number,
  seed = 1,
  keep = RECALL_CALIBRATION_FORGETTING,
  from: RecallCalibration = UNCALIBRATED,
): RecallCalibration {
  const draw = random(seed);
  let calibration = from;
  for (let i = 0; i < answers; i++) {
    const estimate = 0.3 + 0.65 * draw();
    calibration = observeRecall(forgetStep(calibration, keep), estimate, draw() < trueRecall(estimate));
  }
  return calibration;
}

/** A card forgotten once: rated Good, then Again a week later, `days` days before `at`. */
function lapsedCard(days: number): { card: LearningCard; at: Date } {
  const first = gradeCard(newCard(start), "good", start, "email").card;
  const lapsedAt = new Date(start.getTime() + 7 * DAY);
  const card = gradeCard(first, "again", lapsedAt, "email").card;
  return { card, at: new Date(lapsedAt.getTime() + days * DAY) };
}

describe("the correction of FSRS's recall for lapsed cards, only where the learner's answers show it off", () => {
  it("a learner whose answers match FSRS keeps FSRS's estimate", () => {
    const calibration = learner(400, (estimate) => estimate);
    expect(calibration.observations).toBe(400);
    expect(calibrationInForce(calibration)).toBe(false);
    expect(recallNowOf(calibration)).toBeUndefined();
  });

  it("of 100 such learners, few cross the gate by chance, and those barely move FSRS's estimate", () => {
    let inForce = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const calibration = learner(400, (estimate) => estimate, seed);
      if (!calibrationInForce(calibration)) continue;
      inForce += 1;
      for (const recall of [0.3, 0.5, 0.7, 0.9])
        expect(Math.abs(calibratedRecall(calibration, recall) - recall)).toBeLessThan(0.1);
    }
    // Two coordinates, each RECALL_CALIBRATION_GATE_SDS (3) posterior standard deviations: rarely by chance.
    expect(inForce).toBeLessThanOrEqual(3);
  });

  it("one whose lapsed cards fail far more often than FSRS says gets a lower estimate", () => {
    // A memory without a tail: FSRS's 0.45 is nearer 0.05.
    const calibration = learner(120, (estimate) => estimate ** 4);
    expect(calibrationInForce(calibration)).toBe(true);
    expect(calibratedRecall(calibration, 0.45)).toBeLessThan(0.3);
    const { card, at } = lapsedCard(4);
    const fsrsRecall = recallAfterWholeDays(card, at)!;
    const recallNow = recallNowOf(calibration)!;
    expect(recallNow(card, 4)).toBeLessThan(fsrsRecall - 0.2);
    // A card never forgotten keeps FSRS's estimate.
    const held = gradeCard(newCard(start), "good", start, "email").card;
    expect(recallNow(held, 4)).toBeNull();
    // And the review is valued from the lower recall: a word nearly gone, whose review will likely fail, is worth
    // less than FSRS's estimate says, so the cap's places go to words the review can keep.
    expect(recallGainOfReview(card, at, undefined, { recallNow })).toBeLessThan(recallGainOfReview(card, at));
  });

  it("a few answers are not enough to switch it on", () => {
    expect(calibrationInForce(UNCALIBRATED)).toBe(false);
    expect(calibrationInForce(learner(3, () => 0))).toBe(false);
  });

  it("each answer is the exact Laplace step: the new mean is the mode of prior × likelihood", () => {
    const prior = learner(30, (estimate) => estimate ** 2);
    for (const [estimate, remembered] of [
      [0.4, false],
      [0.9, true],
      [0.7, false],
    ] as const) {
      const next = observeRecall(prior, estimate, remembered);
      const u = Math.log(estimate / (1 - estimate));
      const p = 1 / (1 + Math.exp(-(next.intercept + next.slope * u)));
      // Gradient of the log posterior at the new mean: −Σ⁻¹(m′ − m) + x (y − p) = 0.
      const det = prior.varIntercept * prior.varSlope - prior.covariance ** 2;
      const da = next.intercept - prior.intercept;
      const db = next.slope - prior.slope;
      const gradA = -(prior.varSlope * da - prior.covariance * db) / det + ((remembered ? 1 : 0) - p);
      const gradB =
        -(-prior.covariance * da + prior.varIntercept * db) / det + u * ((remembered ? 1 : 0) - p);
      expect(Math.abs(gradA)).toBeLessThan(1e-9);
      expect(Math.abs(gradB)).toBeLessThan(1e-9);
      expect(next.varIntercept).toBeLessThan(prior.varIntercept);
    }
  });

  it("learns only from answers to lapsed cards, at FSRS's estimate before the grade", () => {
    const first = newCard(start);
    expect(calibrationAfterGrade(UNCALIBRATED, first, "again", start, UTC_DAY_CLOCK)).toBe(UNCALIBRATED);
    const held = gradeCard(first, "good", start, "email").card;
    const later = new Date(start.getTime() + 3 * DAY);
    expect(calibrationAfterGrade(UNCALIBRATED, held, "again", later, UTC_DAY_CLOCK)).toBe(UNCALIBRATED);
    const { card, at } = lapsedCard(3);
    const after = calibrationAfterGrade(UNCALIBRATED, card, "again", at, UTC_DAY_CLOCK);
    expect(after).toEqual(observeRecall(UNCALIBRATED, recallAfterWholeDays(card, at)!, false));
  });

  it("old answers weigh less than new ones: a learner whose answers come to match FSRS drifts back to it", () => {
    // 150 answers of a memory without a tail, then 600 that match FSRS (the weights refitted to them, say).
    const off = learner(150, (estimate) => estimate ** 4);
    expect(calibrationInForce(off)).toBe(true);
    const forgetting = learner(600, (estimate) => estimate, 2, RECALL_CALIBRATION_FORGETTING, off);
    const remembering = learner(600, (estimate) => estimate, 2, 1, off);
    const pull = (c: RecallCalibration) => Math.abs(calibratedRecall(c, 0.45) - 0.45);
    expect(pull(forgetting)).toBeLessThan(pull(remembering));
    expect(calibrationInForce(forgetting)).toBe(false);
    expect(pull(forgetting)).toBeLessThan(0.05);
  });

  it("an answer k answers old weighs about keep^k of a new one", () => {
    const keep = 0.9;
    const once = observeRecall(UNCALIBRATED, 0.5, false);
    let aged = once;
    for (let k = 0; k < 10; k++) aged = forgetStep(aged, keep);
    // At an estimate of 0.5 the answer moves the intercept only; ten steps later it has keep^10 of its pull left.
    expect(aged.intercept / once.intercept).toBeCloseTo(keep ** 10, 10);
    // And the spread goes back toward the prior's, never past it.
    expect(aged.varIntercept).toBeGreaterThan(once.varIntercept);
    expect(aged.varIntercept).toBeLessThanOrEqual(UNCALIBRATED.varIntercept);
    // With nothing to forget, a step changes nothing.
    expect(forgetStep(UNCALIBRATED, keep)).toEqual(UNCALIBRATED);
  });

  it("is fitted on FSRS's estimate under the weights the card was graded with, and corrects that estimate", () => {
    // Weights with a flatter curve (FSRS-6's decay, the last weight, halved).
    const weights = scheduler.parameters.w.map((w, i, all) => (i === all.length - 1 ? w / 2 : w));
    const { card, at } = lapsedCard(5);
    const own = recallAfterWholeDays(card, at, UTC_DAY_CLOCK, weights)!;
    expect(own).not.toBeCloseTo(recallAfterWholeDays(card, at)!, 3);
    expect(calibrationAfterGrade(UNCALIBRATED, card, "good", at, UTC_DAY_CLOCK, weights)).toEqual(
      observeRecall(forgetStep(UNCALIBRATED, RECALL_CALIBRATION_FORGETTING), own, true),
    );
    const calibration = learner(150, (estimate) => estimate ** 4);
    expect(recallNowOf(calibration, weights)!(card, 5)).toBe(
      calibratedRecall(calibration, recallOnCurve(weights, 5, card.stability)),
    );
  });

  it("is stored as six numbers; anything else reads as FSRS as it is", () => {
    const calibration = learner(50, (estimate) => estimate ** 3);
    expect(calibrationFromArray(calibrationToArray(calibration))).toEqual(calibration);
    expect(calibrationFromArray(null)).toBe(UNCALIBRATED);
    expect(calibrationFromArray([1, 2, 3])).toBe(UNCALIBRATED);
    expect(UNCALIBRATED.varSlope).toBeCloseTo(RECALL_CALIBRATION_PRIOR_SD ** 2);
  });
});

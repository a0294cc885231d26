/**
 * A correction of FSRS's recall estimate for lapsed cards, only where the learner's own answers show it off (issue
 * 22; docs/bench-learning.md, "A correction only where FSRS is off"). FSRS's forgetting curve is a power law with a
 * heavy tail: after a lapse it puts a word at 0.4–0.5 for days that a memory without a tail (the benchmark's
 * exponential and half-life-regression learners) has lost within two; on a memory with FSRS's shape (ACT-R) it is
 * right, and every correction applied to everyone cost words there.
 *
 * Per learner, a logistic recalibration of their answers to lapsed cards: P(remember) = σ(intercept + slope ·
 * logit(FSRS's estimate)), with a Gaussian prior centred on FSRS as it is (intercept 0, slope 1), updated one answer at
 * a time (the exact Laplace step for one observation: a one-dimensional Newton search along the prior's covariance),
 * so a learner's state is six numbers kept beside their FSRS weights (`users.recall_calibration`) and an answer costs
 * a few multiplications. The correction is in force only when the posterior puts the intercept or the slope more than
 * RECALL_CALIBRATION_GATE_SDS posterior standard deviations from FSRS's (0, 1); until then FSRS's estimate stands.
 * It changes what a review is worth (`recallGainOfReview`), not which cards are candidates nor any grade.
 */
import {
  RECALL_CALIBRATION_FORGETTING,
  RECALL_CALIBRATION_GATE_SDS,
  RECALL_CALIBRATION_PRIOR_SD,
  type LearningGrade,
} from "@shared/constants";
import type { UserDayClock } from "./day-start";
import { recallAfterWholeDays, recallOnCurve, type FsrsWeights, type LearningCard } from "./fsrs";

/** The posterior over (intercept, slope): its mean and covariance, and how many answers it has seen. */
export interface RecallCalibration {
  intercept: number;
  slope: number;
  varIntercept: number;
  covariance: number;
  varSlope: number;
  observations: number;
}

/** FSRS as it is, before any answer: intercept 0, slope 1, each with the prior's standard deviation. */
export const UNCALIBRATED: RecallCalibration = {
  intercept: 0,
  slope: 1,
  varIntercept: RECALL_CALIBRATION_PRIOR_SD ** 2,
  covariance: 0,
  varSlope: RECALL_CALIBRATION_PRIOR_SD ** 2,
  observations: 0,
};

/** As stored (`users.recall_calibration`, a double precision array), and back; null is FSRS as it is. */
export const calibrationToArray = (c: RecallCalibration): number[] => [
  c.intercept,
  c.slope,
  c.varIntercept,
  c.covariance,
  c.varSlope,
  c.observations,
];
export function calibrationFromArray(values: readonly number[] | null | undefined): RecallCalibration {
  if (!values || values.length !== 6 || !values.every(Number.isFinite)) return UNCALIBRATED;
  const [intercept, slope, varIntercept, covariance, varSlope, observations] = values as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { intercept, slope, varIntercept, covariance, varSlope, observations };
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
/** Recall kept off 0 and 1, so its logit is finite (FSRS's curve never reaches either after a day). */
const RECALL_FLOOR = 1e-4;
const logit = (p: number): number => {
  const q = Math.min(1 - RECALL_FLOOR, Math.max(RECALL_FLOOR, p));
  return Math.log(q / (1 - q));
};

/** Whether a card's recall is the one corrected: graded, and forgotten at least once. */
export const isCalibrated = (card: Pick<LearningCard, "state" | "lapses">): boolean =>
  card.state !== "new" && card.lapses > 0;

/**
 * The posterior after one more answer to a lapsed card that FSRS put at `estimate`: the exact Laplace step (the mode
 * of prior × likelihood lies on the line m + Σx·t, found by Newton in one dimension; the covariance is the prior's
 * with the likelihood's curvature at that mode added).
 */
export function observeRecall(
  calibration: RecallCalibration,
  estimate: number,
  remembered: boolean,
): RecallCalibration {
  const u = logit(estimate);
  const y = remembered ? 1 : 0;
  const { intercept: a, slope: b, varIntercept: vaa, covariance: vab, varSlope: vbb } = calibration;
  const sx0 = vaa + vab * u;
  const sx1 = vab + vbb * u;
  const s2 = sx0 + sx1 * u;
  const z0 = a + b * u;
  let z = z0;
  for (let step = 0; step < 30; step++) {
    const p = sigmoid(z);
    const g = z - z0 - s2 * (y - p);
    z -= g / (1 + s2 * p * (1 - p));
    if (Math.abs(g) < 1e-12) break;
  }
  const p = sigmoid(z);
  const w = p * (1 - p);
  const shrink = w / (1 + w * s2);
  return {
    intercept: a + sx0 * (y - p),
    slope: b + sx1 * (y - p),
    varIntercept: vaa - shrink * sx0 * sx0,
    covariance: vab - shrink * sx0 * sx1,
    varSlope: vbb - shrink * sx1 * sx1,
    observations: calibration.observations + 1,
  };
}

/**
 * The posterior forgetting a step toward the prior: the intercept and slope are taken to drift between answers (an
 * autoregressive step of `keep` toward FSRS as it is, whose stationary spread is the prior's), so an answer `k`
 * answers old weighs about `keep`^k of a new one. The weights a learner's cards are graded with are refitted as their
 * log grows, and an answer made against an older fit says less about the estimate under the present one.
 */
export function forgetStep(calibration: RecallCalibration, keep: number): RecallCalibration {
  if (keep >= 1) return calibration;
  const prior = RECALL_CALIBRATION_PRIOR_SD ** 2 * (1 - keep * keep);
  return {
    intercept: keep * calibration.intercept,
    slope: 1 + keep * (calibration.slope - 1),
    varIntercept: keep * keep * calibration.varIntercept + prior,
    covariance: keep * keep * calibration.covariance,
    varSlope: keep * keep * calibration.varSlope + prior,
    observations: calibration.observations,
  };
}

/**
 * The learner's calibration after a grade of `card` (before the grade is applied), or the same object when the grade
 * says nothing about it (a card never forgotten, or first rated now): a forgetting step (`forgetStep`, RECALL_
 * CALIBRATION_FORGETTING), then the answer. FSRS's estimate is the one the card was graded with: whole user days, the
 * curve of `weights` (the learner's own, or null for FSRS's defaults).
 */
export function calibrationAfterGrade(
  calibration: RecallCalibration,
  card: LearningCard,
  grade: LearningGrade,
  now: Date,
  clock: UserDayClock,
  weights: FsrsWeights | null = null,
  keep = RECALL_CALIBRATION_FORGETTING,
): RecallCalibration {
  if (!isCalibrated(card)) return calibration;
  const estimate = recallAfterWholeDays(card, now, clock, weights);
  if (estimate === null) return calibration;
  return observeRecall(forgetStep(calibration, keep), estimate, grade !== "again");
}

/**
 * Whether the learner's answers show FSRS's estimate of lapsed cards off: the intercept or the slope more than
 * RECALL_CALIBRATION_GATE_SDS posterior standard deviations from FSRS's (0, 1).
 */
export function calibrationInForce(
  calibration: RecallCalibration,
  gateSds = RECALL_CALIBRATION_GATE_SDS,
): boolean {
  if (calibration.observations === 0) return false;
  const interceptAway = Math.abs(calibration.intercept) / Math.sqrt(calibration.varIntercept);
  const slopeAway = Math.abs(calibration.slope - 1) / Math.sqrt(calibration.varSlope);
  return Math.max(interceptAway, slopeAway) > gateSds;
}

/** The corrected recall of a lapsed card FSRS puts at `recall`, at the posterior's mean. */
export const calibratedRecall = (calibration: RecallCalibration, recall: number): number =>
  sigmoid(calibration.intercept + calibration.slope * logit(recall));

/**
 * What the valuation (`recallGainOfReview`'s `recallNow`) uses for a card's recall now after `elapsedDays`: for a
 * lapsed card when the correction is in force, the corrected recall of FSRS's estimate on the curve of `weights` (the
 * one the calibration was fitted on); null otherwise, FSRS's own (undefined: nothing to correct for this learner).
 */
export function recallNowOf(
  calibration: RecallCalibration,
  weights: FsrsWeights | null = null,
  gateSds = RECALL_CALIBRATION_GATE_SDS,
): ((card: LearningCard, elapsedDays: number) => number | null) | undefined {
  if (!calibrationInForce(calibration, gateSds)) return undefined;
  return (card, elapsedDays) =>
    isCalibrated(card)
      ? calibratedRecall(calibration, recallOnCurve(weights, elapsedDays, card.stability))
      : null;
}

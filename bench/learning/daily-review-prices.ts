// The price search the upper bounds share (exponential-upper-bound.ts, act-r-upper-bound.ts, hlr-outcome-bound.ts):
// Lagrangian prices on each answered day's review places, searched by subgradient steps. Any prices give a valid
// bound, so the search keeps the lowest dual it meets; more steps only find lower ones.
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";

/** Subgradient steps on the prices: the step (in the prices' Euclidean norm) at step k is this over √(k + 1). */
const DUAL_STEP_SIZE = 0.3;

/**
 * Where the searches for a schedule's prices start, a day (lagrangian-policy.ts; the blind bound's one search serves
 * its bound and its schedule). The clairvoyant bound's own search starts from no prices, where every dual is at most
 * one a word; when the cap hardly binds (every day answered) its lowest dual can then sit at prices near zero, which
 * ration nothing, and every word plans its reviews for the last days. On learners 0 and 1 of seed 20261128 with every
 * day answered: 138.9 from no prices, 168.7 from 0.01.
 */
export const PRICE_SEARCH_START = 0.01;

/** A learner's days: which are answered (only those have review places to price). */
export interface PricedDays {
  days: number;
  answered: boolean[];
  /** Review places a day (the product's cap unless a test sets a smaller one). */
  cap?: number;
}

/**
 * The lowest dual seen over `steps` subgradient steps from `start` on every answered day after the first, and the
 * prices that gave it. `dualAt` gives the dual at some prices and the reviews a day the words' best choices make
 * there: prices go up on days those want more than the cap, down where they leave room.
 */
export function lowestDual(
  { days, answered, cap = DAILY_REVIEW_CAP_DEFAULT }: PricedDays,
  dualAt: (price: Float64Array) => { bound: number; reviews: ArrayLike<number> },
  steps: number,
  start: number,
): { bound: number; price: Float64Array } {
  const price = new Float64Array(days);
  for (let day = 1; day < days; day++) if (answered[day]) price[day] = start;
  let lowest = { bound: Infinity, price };
  for (let step = 0; step < steps; step++) {
    const { bound, reviews } = dualAt(price);
    if (bound < lowest.bound) lowest = { bound, price: price.slice() };
    let norm = 0;
    for (let day = 1; day < days; day++) if (answered[day]) norm += (cap - reviews[day]!) ** 2;
    const size = DUAL_STEP_SIZE / Math.sqrt(step + 1) / Math.max(1, Math.sqrt(norm));
    for (let day = 1; day < days; day++)
      if (answered[day]) price[day] = Math.max(0, price[day]! - size * (cap - reviews[day]!));
  }
  return lowest;
}

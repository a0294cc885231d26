import type { PlanLimitError } from "@shared/api/subscriptions";
import { PLAN_LIMIT_ERROR_CODES } from "@shared/api/subscription-values";
import { PLAN_NAMES, type PlanName } from "@shared/constants";
import { upgradeOptionsFor } from "@shared/rules/plans";
import { ApiError } from "@client/lib/api";

const isPlanName = (value: unknown): value is PlanName =>
  typeof value === "string" && (PLAN_NAMES as readonly string[]).includes(value);

/**
 * The server's 403 plan answer, when the error is one (learner-core §8). Without a usable upgradeOptions
 * list the offers come from the current plan (free: basic, premium, pro; basic: premium, pro).
 */
export function planErrorOf(error: unknown, fallbackPlan: PlanName = "free"): PlanLimitError | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = error.body;
  const code = PLAN_LIMIT_ERROR_CODES.find((candidate) => candidate === body?.code);
  if (!body || !code) return null;
  const currentPlan = isPlanName(body.currentPlan) ? body.currentPlan : fallbackPlan;
  const upgradeOptions = Array.isArray(body.upgradeOptions)
    ? (body.upgradeOptions as PlanLimitError["upgradeOptions"])
    : upgradeOptionsFor(currentPlan);
  return { message: body.message, code, currentPlan, upgradeOptions };
}

import { isCurrency } from "@shared/rules/billing";
import type { User } from "@shared/api/auth";
import { PLAN_NAMES, type PlanName } from "@shared/constants";
import type { UserRow } from "@server/platform/auth/session";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Until the first-session flow is finished or skipped, "/" shows it instead of the dashboard. */
export const isOnboardingPending = (row: UserRow): boolean =>
  row.onboardedAt === null && row.onboardingSkippedAt === null;

export function toUserDto(row: UserRow): User {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(" ") || null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName,
    username: row.email.split("@")[0] ?? row.email,
    profileImageUrl: row.profileImageUrl,
    phoneNumber: row.phoneNumber,
    isAdmin: row.isAdmin,
    subscriptionPlan: (PLAN_NAMES as readonly string[]).includes(row.subscriptionPlan)
      ? (row.subscriptionPlan as PlanName)
      : "free",
    subscriptionStatus: row.subscriptionStatus,
    trialStatus: row.trialStatus,
    trialPlan: row.trialPlan,
    trialEndDate: iso(row.trialEndDate),
    subscriptionEndsAt: iso(row.subscriptionEndsAt),
    nextBillingDate: iso(row.nextBillingDate),
    billingInterval:
      row.billingInterval === "year" || row.billingInterval === "month" ? row.billingInterval : null,
    billingCurrency: isCurrency(row.billingCurrency) ? row.billingCurrency : null,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    signInMethod: row.oidcSubject ? "oidc" : "email",
    onboardingPending: isOnboardingPending(row),
  };
}

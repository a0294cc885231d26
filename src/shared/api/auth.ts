import { z } from "zod";
import { BILLING_INTERVALS, CURRENCIES, PLAN_NAMES } from "../constants";
import { isoDate, textSchema, timeZoneSchema } from "./common";

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  subscriptionPlan: z.enum(PLAN_NAMES),
  subscriptionStatus: z.string().nullable(),
  trialStatus: z.string().nullable(),
  trialPlan: z.string().nullable(),
  trialEndDate: isoDate.nullable(),
  subscriptionEndsAt: isoDate.nullable(),
  nextBillingDate: isoDate.nullable(),
  /** Issue 28: how the paid plan is billed (null on Free and during a trial) and in which currency. */
  billingInterval: z.enum(BILLING_INTERVALS).nullable(),
  billingCurrency: z.enum(CURRENCIES).nullable(),
  timeZone: z.string().nullable(),
  createdAt: isoDate,
  /** How the account signs in: an OpenID Connect provider owns its profile, an e-mail link does not. */
  signInMethod: z.enum(["email", "oidc"]),
  /** True until the first-session flow is finished or skipped (not in the spec: the client shows /welcome). */
  onboardingPending: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginEmailRequestSchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Please enter a valid e-mail address" }).max(254)),
  timeZone: timeZoneSchema.optional(),
});

/** The sign-in link's button; a first sign-in may add a first name (issue 17; optional, empty means none). */
export const FIRST_NAME_MAX = 50;
export const signInLinkConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  firstName: textSchema("First name", { max: FIRST_NAME_MAX }).optional(),
});

export const timeZoneRequestSchema = z.object({ timeZone: timeZoneSchema });

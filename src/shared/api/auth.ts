import { z } from "zod";
import { PLAN_NAMES } from "../constants";
import { isoDate, timeZoneSchema } from "./common";

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
  timeZone: z.string().nullable(),
  createdAt: isoDate,
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

export const timeZoneRequestSchema = z.object({ timeZone: timeZoneSchema });

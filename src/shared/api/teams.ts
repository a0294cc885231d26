import { z } from "zod";
import {
  SUPPORT_RESPONSE_HOURS,
  TEAM_COMPANY_MAX,
  TEAM_MESSAGE_MAX,
  TEAM_SEATS_MAX,
  TEAM_SEATS_MIN,
} from "../constants";
import { isoDate, textSchema } from "./common";

/** The Teams form's messages; the server answers the same ones (400 `{message, code: "VALIDATION_ERROR"}`). */
export const TEAM_REQUEST_MESSAGES = {
  companyRequired: "Please enter your company's name",
  companyTooLong: `Company name must be under ${TEAM_COMPANY_MAX} characters`,
  seats: `Please enter a number of seats from ${TEAM_SEATS_MIN} to ${TEAM_SEATS_MAX.toLocaleString("en-GB")}`,
  workEmail: "Please enter a valid work email address",
  messageTooLong: `Message must be under ${TEAM_MESSAGE_MAX} characters`,
} as const;

export const TEAM_REQUEST_RATE_LIMIT_MESSAGE =
  "We've received several team requests from you already. Please wait a while, or reply to our e-mail.";

/** POST /api/team-requests, and the form's own validation (the same rules on both sides). */
export const teamRequestSchema = z.object({
  company: textSchema("Company", {
    min: 1,
    max: TEAM_COMPANY_MAX,
    messages: {
      required: TEAM_REQUEST_MESSAGES.companyRequired,
      tooShort: TEAM_REQUEST_MESSAGES.companyRequired,
      tooLong: TEAM_REQUEST_MESSAGES.companyTooLong,
    },
  }),
  seats: z
    .number({ error: TEAM_REQUEST_MESSAGES.seats })
    .int({ error: TEAM_REQUEST_MESSAGES.seats })
    .min(TEAM_SEATS_MIN, { error: TEAM_REQUEST_MESSAGES.seats })
    .max(TEAM_SEATS_MAX, { error: TEAM_REQUEST_MESSAGES.seats }),
  workEmail: z
    .string({ error: TEAM_REQUEST_MESSAGES.workEmail })
    .trim()
    .pipe(
      z
        .email({ error: TEAM_REQUEST_MESSAGES.workEmail })
        .max(254, { error: TEAM_REQUEST_MESSAGES.workEmail }),
    ),
  message: textSchema("Message", {
    max: TEAM_MESSAGE_MAX,
    messages: { tooLong: TEAM_REQUEST_MESSAGES.messageTooLong },
  }).default(""),
});
export type TeamRequestInput = z.input<typeof teamRequestSchema>;

/** What the requester is told once the request is stored. */
export const teamRequestAcknowledgement = (workEmail: string) =>
  `Thank you. We've sent a confirmation to ${workEmail} and will reply within ${SUPPORT_RESPONSE_HOURS} hours.`;

export const teamRequestResponseSchema = z.object({ id: z.number(), message: z.string() });

/** GET /api/admin/team-requests: every request, newest first. */
export const adminTeamRequestSchema = z.object({
  id: z.number(),
  company: z.string(),
  seats: z.number(),
  workEmail: z.string(),
  message: z.string(),
  /** The sender's account e-mail when they were signed in. */
  accountEmail: z.string().nullable(),
  acknowledgedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export const adminTeamRequestListSchema = z.array(adminTeamRequestSchema);
export type AdminTeamRequest = z.infer<typeof adminTeamRequestSchema>;

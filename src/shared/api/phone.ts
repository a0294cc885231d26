import { z } from "zod";
import { PHONE_CODE_LENGTH } from "../constants";
import { textSchema } from "./common";

export const ENTER_PHONE_MESSAGE = "Please enter a mobile phone number";
export const ENTER_CODE_MESSAGE = `Enter the ${PHONE_CODE_LENGTH}-digit code from the text message`;

/**
 * POST /api/user/phone. National input ("07911 123456") needs the country it is dialled in: the client sends the
 * region of the browser's language; without one, the number must start with + and the country code.
 */
export const sendPhoneCodeRequestSchema = z
  .object({
    phoneNumber: textSchema("phoneNumber", {
      min: 1,
      max: 32,
      messages: { required: ENTER_PHONE_MESSAGE, tooShort: ENTER_PHONE_MESSAGE },
    }),
    country: z
      .string({ error: "country must be a two-letter region code" })
      .regex(/^[A-Z]{2}$/, { error: "country must be a two-letter region code" })
      .optional(),
  })
  .strict();
export type SendPhoneCodeRequest = z.infer<typeof sendPhoneCodeRequestSchema>;

/** The stored number (E.164) and whether it is verified (true only when it already was: no code was sent). */
export const phoneStatusSchema = z.object({
  phoneNumber: z.string().nullable(),
  verified: z.boolean(),
  message: z.string(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** POST /api/user/phone/verify */
export const verifyPhoneRequestSchema = z
  .object({
    code: z
      .string({ error: ENTER_CODE_MESSAGE })
      .trim()
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), { error: ENTER_CODE_MESSAGE }),
  })
  .strict();
export type VerifyPhoneRequest = z.infer<typeof verifyPhoneRequestSchema>;

export const verifyPhoneResponseSchema = z.object({ phoneNumber: z.string(), verified: z.literal(true) });
export type VerifyPhoneResponse = z.infer<typeof verifyPhoneResponseSchema>;

/** GET /api/dev/sms: the local SMS outbox, newest first (embedded default, this machine only). */
export const devSmsSchema = z.array(
  z.object({ id: z.string(), to: z.string(), body: z.string(), createdAt: z.string() }),
);
export type DevSms = z.infer<typeof devSmsSchema>;

import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { PhoneStatus, SendPhoneCodeRequest, VerifyPhoneResponse } from "@shared/api/phone";
import {
  HOUR_MS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_NUMBER_COOLDOWN_MS,
  PHONE_CODE_RESEND_MS,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_HOUR,
} from "@shared/constants";
import type { AppContext } from "@server/context";
import { phoneVerifications, users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { AppError, badRequest, conflict, notFound, tooManyRequests } from "@server/platform/errors/app-error";
import { countHit } from "@server/platform/limits/counters";
import { textableCountry } from "@server/platform/sms/cost-controls";
import { isPhoneVerified } from "@server/platform/sms/verified-number";
import {
  SmsSendError,
  TWILIO_INVALID_NUMBER,
  TWILIO_UNSUBSCRIBED_RECIPIENT,
  redactPhoneNumber,
} from "@server/platform/sms/sms-sender";
import { isOptedOut } from "./opt-outs";

export const INVALID_PHONE_MESSAGE = "Enter a valid mobile number, e.g. +44 7911 123456";
export const NEEDS_COUNTRY_CODE_MESSAGE = "Include the country code, e.g. +44 7911 123456";
export const NOT_MOBILE_MESSAGE = "This number cannot receive text messages: enter a mobile number";
export const OPTED_OUT_PHONE_MESSAGE =
  "This number has opted out of our texts (it replied STOP). Reply START to one of our texts, then try again.";
export const NO_PENDING_CODE_MESSAGE = "No code is waiting to be checked. Ask for a new code.";
export const CODE_EXPIRED_MESSAGE = "This code has expired. Ask for a new code.";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many wrong codes. Ask for a new code.";
export const NUMBER_COOLDOWN_MESSAGE =
  "A code was just sent to this number. Please wait 30 seconds before asking for another.";
export const SEND_FAILED_MESSAGE = "We could not send the code just now. Please try again in a moment.";

const CANNOT_TEXT = new Set([
  "FIXED_LINE",
  "TOLL_FREE",
  "PREMIUM_RATE",
  "SHARED_COST",
  "PAGER",
  "UAN",
  "VOICEMAIL",
]);

/** E.164 from what a person typed: "+44 7911 123456", "0044 7911…", or "07911 123456" with their country. */
export function parsePhoneInput(input: string, country: string | undefined): string {
  const text = input.trim().replace(/^00/, "+");
  if (!text.startsWith("+") && !country)
    throw badRequest(NEEDS_COUNTRY_CODE_MESSAGE, "PHONE_NEEDS_COUNTRY_CODE");
  const phone = parsePhoneNumberFromString(text, { defaultCountry: country as CountryCode | undefined });
  if (!phone?.isValid() || phone.ext) throw badRequest(INVALID_PHONE_MESSAGE, "INVALID_PHONE_NUMBER");
  const type = phone.getType();
  if (type && CANNOT_TEXT.has(type)) throw badRequest(NOT_MOBILE_MESSAGE, "PHONE_NOT_MOBILE");
  return phone.number;
}

/** Only a keyed hash of the code is stored: a database reader cannot type it in, nor try the 10^6 codes offline. */
function hashCode(ctx: AppContext, userId: string, phoneNumber: string, code: string): string {
  return createHmac("sha256", ctx.config.sessionSecret)
    .update(`phone-code\0${userId}\0${phoneNumber}\0${code}`)
    .digest("base64url");
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The text with the code. The last line is the WebOTP / iOS format, so the phone can offer to fill the code in. */
function codeText(ctx: AppContext, code: string): string {
  const minutes = PHONE_CODE_TTL_MS / 60_000;
  return `Your Jargon code is ${code}. It expires in ${minutes} minutes.\n\n@${new URL(ctx.config.appUrl).host} #${code}`;
}

const secondsUntil = (from: Date, ms: number, now: Date) =>
  Math.max(1, Math.ceil((from.getTime() + ms - now.getTime()) / 1000));

/**
 * POST /api/user/phone: stores the number (unverified) and texts it a fresh code, replacing any earlier one.
 * The resend limits are counted when the send is attempted, so a failing number cannot be hammered either.
 */
export async function requestPhoneCode(
  ctx: AppContext,
  user: UserRow,
  input: SendPhoneCodeRequest,
): Promise<PhoneStatus> {
  const phoneNumber = parsePhoneInput(input.phoneNumber, input.country);
  if (isPhoneVerified(user) && user.phoneNumber === phoneNumber)
    return { phoneNumber, verified: true, message: "This number is already verified." };
  textableCountry(phoneNumber, ctx.config.smsCosts);
  if (await isOptedOut(ctx.db, phoneNumber)) throw conflict(OPTED_OUT_PHONE_MESSAGE, "SMS_OPTED_OUT");

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    if (!locked) throw notFound("User not found");
    const [previous] = await tx
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, user.id));
    if (previous && now.getTime() - previous.lastSentAt.getTime() < PHONE_CODE_RESEND_MS) {
      const wait = secondsUntil(previous.lastSentAt, PHONE_CODE_RESEND_MS, now);
      throw tooManyRequests(`Please wait ${wait} seconds before asking for another code.`);
    }
    const windowOpen = previous !== undefined && now.getTime() - previous.windowStartedAt.getTime() < HOUR_MS;
    if (previous && windowOpen && previous.windowSends >= PHONE_CODES_PER_HOUR) {
      const minutes = Math.ceil(secondsUntil(previous.windowStartedAt, HOUR_MS, now) / 60);
      throw tooManyRequests(
        `You have asked for ${PHONE_CODES_PER_HOUR} codes within an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
    const row = {
      phoneNumber,
      codeHash: hashCode(ctx, user.id, phoneNumber, code),
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
      attempts: 0,
      lastSentAt: now,
      windowStartedAt: windowOpen ? previous.windowStartedAt : now,
      windowSends: windowOpen ? previous.windowSends + 1 : 1,
    };
    await tx
      .insert(phoneVerifications)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: phoneVerifications.userId, set: row });
  });

  try {
    // Per number, across accounts: many free accounts cannot take turns texting one (paid) number.
    const toNumber = await countHit(ctx, `sms:code-to:${phoneNumber}`, PHONE_CODE_NUMBER_COOLDOWN_MS, now);
    if (toNumber.hits > 1) throw tooManyRequests(NUMBER_COOLDOWN_MESSAGE);
    await ctx.sms.send({ to: phoneNumber, body: codeText(ctx, code), purpose: "code" });
  } catch (error) {
    await ctx.db
      .update(phoneVerifications)
      .set({ codeHash: null })
      .where(eq(phoneVerifications.userId, user.id));
    throw sendFailure(ctx, error, phoneNumber);
  }
  await ctx.db.update(users).set({ phoneNumber, updatedAt: now }).where(eq(users.id, user.id));
  return {
    phoneNumber,
    verified: false,
    message: `We texted a ${PHONE_CODE_LENGTH}-digit code to ${phoneNumber}.`,
  };
}

/** What the person can do about a refused text; provider details stay in the log. */
function sendFailure(ctx: AppContext, error: unknown, phoneNumber: string): AppError {
  if (error instanceof AppError) return error;
  const failure = error instanceof SmsSendError ? error : undefined;
  ctx.log.warn(
    { to: redactPhoneNumber(phoneNumber), err: failure?.message ?? String(error) },
    "verification text not sent",
  );
  if (failure?.providerCode === TWILIO_INVALID_NUMBER)
    return badRequest(NOT_MOBILE_MESSAGE, "PHONE_NOT_MOBILE");
  if (failure?.providerCode === TWILIO_UNSUBSCRIBED_RECIPIENT)
    return conflict(OPTED_OUT_PHONE_MESSAGE, "SMS_OPTED_OUT");
  return new AppError(502, SEND_FAILED_MESSAGE, "SMS_SEND_FAILED");
}

type CheckOutcome = { ok: true; phoneNumber: string } | { ok: false; error: AppError };

/**
 * POST /api/user/phone/verify. A wrong guess is counted (and committed) before the answer; the fifth spends the
 * code. The code is bound to the number it was sent to: changing the number meanwhile voids it.
 */
export async function verifyPhoneCode(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<VerifyPhoneResponse> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<CheckOutcome> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound("User not found");
    const [pending] = await tx.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    if (!pending?.codeHash || pending.phoneNumber !== user.phoneNumber)
      return { ok: false, error: badRequest(NO_PENDING_CODE_MESSAGE, "NO_PENDING_CODE") };
    const spend = () =>
      tx.update(phoneVerifications).set({ codeHash: null }).where(eq(phoneVerifications.userId, userId));
    if (pending.expiresAt <= now) {
      await spend();
      return { ok: false, error: badRequest(CODE_EXPIRED_MESSAGE, "CODE_EXPIRED") };
    }
    if (!sameHash(pending.codeHash, hashCode(ctx, userId, pending.phoneNumber, code))) {
      const attempts = pending.attempts + 1;
      const left = PHONE_CODE_MAX_ATTEMPTS - attempts;
      await tx
        .update(phoneVerifications)
        .set({ attempts, ...(left <= 0 ? { codeHash: null } : {}) })
        .where(eq(phoneVerifications.userId, userId));
      return {
        ok: false,
        error:
          left <= 0
            ? badRequest(TOO_MANY_ATTEMPTS_MESSAGE, "TOO_MANY_ATTEMPTS")
            : badRequest(
                `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
                "WRONG_CODE",
              ),
      };
    }
    await spend();
    await tx
      .update(users)
      .set({ phoneVerifiedNumber: pending.phoneNumber, updatedAt: now })
      .where(eq(users.id, userId));
    return { ok: true, phoneNumber: pending.phoneNumber };
  });
  if (!outcome.ok) throw outcome.error;
  return { phoneNumber: outcome.phoneNumber, verified: true };
}

/** DELETE /api/user/phone: no number, nothing verified, and any code waiting is void. */
export async function removePhoneNumber(ctx: AppContext, userId: string): Promise<PhoneStatus> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phoneNumber: null, phoneVerifiedNumber: null, updatedAt: ctx.clock.now() })
      .where(eq(users.id, userId));
    await tx.update(phoneVerifications).set({ codeHash: null }).where(eq(phoneVerifications.userId, userId));
  });
  return { phoneNumber: null, verified: false, message: "Phone number removed." };
}

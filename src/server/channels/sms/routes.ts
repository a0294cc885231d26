import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import {
  phoneStatusSchema,
  sendPhoneCodeRequestSchema,
  verifyPhoneRequestSchema,
  verifyPhoneResponseSchema,
} from "@shared/api/phone";
import type { AppContext } from "@server/context";
import { PHONE_VERIFY_ATTEMPTS_PER_IP } from "@shared/constants";
import { requireUser } from "@server/platform/auth/session";
import { tooManyRequests } from "@server/platform/errors/app-error";
import { inboundSmsRoutes } from "./inbound";
import { removePhoneNumber, requestPhoneCode, verifyPhoneCode } from "./service";

/**
 * Per IP (in memory), on top of the per-user limits in the database: sign-in by e-mail makes accounts cheap, and
 * each code is a paid text to someone's phone.
 */
export const PHONE_CODES_PER_IP = { max: 30, timeWindow: "1 hour" };
export const PHONE_CODES_PER_IP_MESSAGE =
  "Too many codes were requested from your network. Please try again later.";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/**
 * Settings → Profile's phone number: enter it, get a code by text, type the code back. Bodies are parsed after the
 * sign-in check, so a visitor gets 401 first and a person sees the messages as written (no field prefix).
 */
export function phoneRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/user/phone",
      {
        config: {
          rateLimit: {
            ...PHONE_CODES_PER_IP,
            errorResponseBuilder: () => tooManyRequests(PHONE_CODES_PER_IP_MESSAGE),
          },
        },
        schema: {
          body: parsedInHandler(sendPhoneCodeRequestSchema),
          response: { 200: phoneStatusSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return requestPhoneCode(ctx, user, sendPhoneCodeRequestSchema.parse(request.body ?? {}));
      },
    );

    app.post(
      "/api/user/phone/verify",
      {
        // Per IP on top of the 5 guesses per code: guessing across many accounts' codes costs a request each.
        config: { rateLimit: PHONE_VERIFY_ATTEMPTS_PER_IP },
        schema: {
          body: parsedInHandler(verifyPhoneRequestSchema),
          response: { 200: verifyPhoneResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { code } = verifyPhoneRequestSchema.parse(request.body ?? {});
        return verifyPhoneCode(ctx, user.id, code);
      },
    );

    app.delete(
      "/api/user/phone",
      { schema: { response: { 200: phoneStatusSchema, 401: errorBodySchema } } },
      async (request) => removePhoneNumber(ctx, (await requireUser(ctx, request)).id),
    );

    await app.register(inboundSmsRoutes(ctx));
  };
}

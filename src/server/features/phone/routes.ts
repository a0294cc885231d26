import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, parsedInHandler } from "../../../shared/api/common";
import {
  phoneStatusSchema,
  sendPhoneCodeRequestSchema,
  verifyPhoneRequestSchema,
  verifyPhoneResponseSchema,
} from "../../../shared/api/phone";
import type { AppContext } from "../../context";
import { requireUser } from "../../platform/auth/session";
import { inboundSmsRoutes } from "./inbound";
import { removePhoneNumber, requestPhoneCode, verifyPhoneCode } from "./service";

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

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import twilio from "twilio";
import { z } from "zod";
import { parsedInHandler } from "@shared/api/common";
import type { AppContext } from "@server/context";
import { forbidden } from "@server/platform/errors/app-error";
import { restrictToLoopback } from "@server/platform/http/loopback";
import { setOptedOut } from "@server/platform/sms/opt-outs";
import { redactPhoneNumber } from "@server/platform/sms/sms-sender";

/** Twilio's default opt-out and opt-in keywords (Advanced Opt-Out); Twilio itself sends the confirmations. */
const OPT_OUT_KEYWORDS = new Set([
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
]);
const OPT_IN_KEYWORDS = new Set(["START", "UNSTOP", "YES"]);

/** The fields of Twilio's incoming-message webhook we read; Twilio sends many more (all signed). */
export const inboundSmsSchema = z
  .object({
    From: z.string().max(64),
    Body: z.string().max(1600),
  })
  .passthrough();

const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

/**
 * POST /api/sms/inbound: Twilio's webhook for replies to our number. With Twilio configured, only a request
 * signed with the auth token (X-Twilio-Signature over APP_URL + path and the form fields) counts; anything else
 * is 403. On the embedded default there is no token to check, so the route answers only to this machine (like the
 * local outbox it belongs to): a developer can simulate a reply with curl.
 */
export function inboundSmsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const twilioConfig = ctx.config.sms.kind === "twilio" ? ctx.config.sms : undefined;
  return async (app) => {
    if (!twilioConfig) restrictToLoopback(app);
    app.post(
      "/api/sms/inbound",
      { schema: { body: parsedInHandler(inboundSmsSchema) } },
      async (request, reply) => {
        if (twilioConfig) {
          const signature = request.headers["x-twilio-signature"];
          const params = isStringRecord(request.body) ? request.body : undefined;
          // The URL Twilio signed is the one configured in its console: APP_URL and the path it called.
          const url = `${ctx.config.appUrl}${request.url}`;
          if (
            typeof signature !== "string" ||
            !params ||
            !twilio.validateRequest(twilioConfig.authToken, signature, url, params)
          )
            throw forbidden("Invalid Twilio signature", "BAD_SIGNATURE");
        }
        const { From, Body } = inboundSmsSchema.parse(request.body ?? {});
        const from = parsePhoneNumberFromString(From)?.number;
        const keyword = Body.trim().toUpperCase();
        if (from && (OPT_OUT_KEYWORDS.has(keyword) || OPT_IN_KEYWORDS.has(keyword))) {
          const optedOut = OPT_OUT_KEYWORDS.has(keyword);
          await setOptedOut(ctx.db, from, optedOut, ctx.clock.now());
          ctx.log.info({ from: redactPhoneNumber(from), optedOut }, "sms opt-out changed");
        }
        // Replies "1" and "2" (grading the last word texted to this number) will be handled here: look the number
        // up, find its latest SMS delivery, record the grade. Not built yet; every other text is ignored.
        return reply.type("text/xml").send(EMPTY_TWIML);
      },
    );
  };
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === "string");

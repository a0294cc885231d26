import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import twilio from "twilio";
import { z } from "zod";
import { parsedInHandler } from "@shared/api/common";
import { SMS_REPLY_ANSWERS, type QuickGrade } from "@shared/constants";
import type { AppContext } from "@server/context";
import type { AnsweredDelivery } from "@server/features/learning/service";
import { forbidden } from "@server/platform/errors/app-error";
import { restrictToThisMachine } from "@server/platform/http/loopback";
import { redactPhoneNumber } from "@server/platform/sms/sms-sender";
import { capitalizedWord } from "@server/platform/channels/word-text";
import { isOptedOut, setOptedOut } from "./opt-outs";
import { answerLatestText } from "./replies";

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
 *
 * STOP/START (and Twilio's other keywords) change the number's opt-out. A reply "1" (knew it) or "2" (didn't know)
 * answers the latest word texted to the number's verified user, and the TwiML answer texts back when the word comes
 * back, or that there is nothing to answer. Every other text is ignored.
 */
export function inboundSmsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const twilioConfig = ctx.config.sms.kind === "twilio" ? ctx.config.sms : undefined;
  return async (app) => {
    if (!twilioConfig) restrictToThisMachine(app, ctx.config);
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
        // STOP/START first: they are Twilio's and the law's, whatever else a text might mean.
        if (from && (OPT_OUT_KEYWORDS.has(keyword) || OPT_IN_KEYWORDS.has(keyword))) {
          const optedOut = OPT_OUT_KEYWORDS.has(keyword);
          await setOptedOut(ctx.db, from, optedOut, ctx.clock.now());
          ctx.log.info({ from: redactPhoneNumber(from), optedOut }, "sms opt-out changed");
          return reply.type("text/xml").send(EMPTY_TWIML);
        }
        const answer = replyAnswer(Body);
        if (!from || !answer) return reply.type("text/xml").send(EMPTY_TWIML);

        const answered = await answerLatestText(ctx, from, answer);
        ctx.log.info({ from: redactPhoneNumber(from), answered: answered !== null }, "sms answer");
        // A number that replied STOP is never texted, not even this confirmation (Twilio would refuse it anyway).
        if (await isOptedOut(ctx.db, from)) return reply.type("text/xml").send(EMPTY_TWIML);
        const twiml = new twilio.twiml.MessagingResponse();
        twiml.message(answered ? confirmationText(answered) : NOTHING_TO_ANSWER_TEXT);
        return reply.type("text/xml").send(twiml.toString());
      },
    );
  };
}

/** "1" or "2", leniently: spaces around it and a trailing full stop, bracket or exclamation mark ("1.", " 2 ", "2)"). */
function replyAnswer(body: string): QuickGrade | null {
  const digit = /^\s*([12])\s*[.)!]?\s*$/.exec(body)?.[1];
  return digit === "1" || digit === "2" ? SMS_REPLY_ANSWERS[digit] : null;
}

export const NOTHING_TO_ANSWER_TEXT =
  "Jargon: there is no word to answer yet. Reply 1 (knew it) or 2 (didn't know) to a word we text you.";

/** "Got it: Ledger comes back in 3 days." (plain GSM-7 punctuation around the word: one short text). */
function confirmationText({ word, comesBack }: AnsweredDelivery): string {
  const shown = capitalizedWord(word);
  return comesBack === null
    ? `Got it: ${shown} is marked as known, so we won't send it again.`
    : `Got it: ${shown} comes back ${comesBack}.`;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === "string");

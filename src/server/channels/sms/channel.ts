import { type DeliveryChannel, retryPolicyOf } from "@server/platform/channels/delivery-channel";
import type { Database } from "@server/db/client";
import { AppError } from "@server/platform/errors/app-error";
import { isOptedOut } from "./opt-outs";
import { renderSendSms, type SmsText } from "./render-word";
import { SmsSendError, toSmsSendError, type SmsSender } from "@server/platform/sms/sms-sender";

export const NO_VERIFIED_PHONE_MESSAGE = "No verified phone number";
export const OPTED_OUT_MESSAGE = "The number replied STOP: no texts until it replies START";

/**
 * The "sms" delivery channel: one quiet text per send (render-word.ts: its new word, and a review where it fits),
 * to the recipient's verified number, never to a number that replied STOP. Construct with
 * `createSmsChannel({ sender: ctx.sms, db: ctx.db })`.
 */
export function createSmsChannel(deps: { sender: SmsSender; db: Database }): DeliveryChannel<SmsText> {
  return {
    name: "sms",
    retry: retryPolicyOf("sms"),
    onePerSend: true,
    render: renderSendSms,
    carried: (rendered) => rendered.carried,
    async send(rendered, message) {
      const to = message.recipient.phoneNumber;
      if (!to) throw new SmsSendError(NO_VERIFIED_PHONE_MESSAGE, true);
      if (await isOptedOut(deps.db, to)) throw new SmsSendError(OPTED_OUT_MESSAGE, true);
      const { sid } = await deps.sender.send({ to, body: rendered.body, purpose: "word" });
      return { providerMessageId: sid };
    },
    classifyFailure(error) {
      // "off" (production without Twilio) will not change by retrying; neither will anything unrecognised.
      if (error instanceof AppError) return "permanent";
      return toSmsSendError(error).permanent ? "permanent" : "temporary";
    },
  };
}

import type { Config } from "@server/config";
import { EMAIL_LOGO_PATH } from "@server/platform/mail/templates/layout";
import { type DeliveryChannel, retryPolicyOf } from "@server/platform/channels/delivery-channel";
import { MailSendError, type Mailer } from "@server/platform/mail/mailer";
import { stableMessageId } from "@server/platform/mail/message-id";
import type { RenderedMail } from "@server/platform/mail/render";
import { readLibraryCredits } from "@server/features/content/service";
import { renderWordEmail } from "./word-email";

const TOPIC_LIST = new Intl.ListFormat("en", { type: "conjunction" });

/**
 * The one Message-ID of a send's e-mail, whichever attempt (or worker) sends it: named after the send's first
 * delivery, which carries the others (`onePerSend`).
 */
export const deliveryMessageId = (config: Pick<Config, "sessionSecret" | "appUrl">, deliveryId: number) =>
  stableMessageId(config.sessionSecret, config.appUrl, "delivery", deliveryId);

/** A send's words as one e-mail (HTML and plain text) through `mailer`; SMTP's 5xx replies are permanent, 4xx are not. */
export function createEmailChannel(config: Config, mailer: Mailer): DeliveryChannel<RenderedMail> {
  return {
    name: "email",
    // The registry's policy. A sender that dies after the SMTP server accepted the message re-sends it when the lease
    // ends (at-least-once), with the same Message-ID (deliveryMessageId), so receivers that de-duplicate drop the twin.
    retry: retryPolicyOf("email"),
    onePerSend: true,
    render: (message) => {
      const words = [message, ...message.alongside];
      return renderWordEmail({
        // One topic for a subscription's send; a daily review names every topic its reviews come from.
        topicName: TOPIC_LIST.format([...new Set(words.map((word) => word.topicName))]),
        newWords: words
          .filter((word) => word.kind === "new")
          .map((word) => ({
            ...word.word,
            openUrl: word.links.open,
            saveUrl: word.links.save,
            gradeUrls: word.links.grade,
          })),
        quickReview: words
          .filter((word) => word.kind === "review")
          .map((word) => ({
            word: word.word.word,
            partOfSpeech: word.word.partOfSpeech,
            rememberUrl: word.links.grade.knewIt,
            forgotUrl: word.links.grade.didntKnow,
          })),
        credits: readLibraryCredits().emailFooter,
        logoUrl: `${config.appUrl}/${EMAIL_LOGO_PATH}`,
        unsubscribeUrl: message.links.unsubscribe,
        source: message.source,
      });
    },
    async send(rendered, message) {
      const messageId = deliveryMessageId(config, message.deliveryId);
      const unsubscribe = message.links.unsubscribe;
      await mailer.send({
        to: message.recipient.email,
        ...rendered,
        messageId,
        ...(unsubscribe
          ? {
              headers: {
                "List-Unsubscribe": `<${unsubscribe}>`,
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
              },
            }
          : {}),
      });
      return { providerMessageId: messageId };
    },
    classifyFailure: (error) =>
      error instanceof MailSendError && !error.permanent ? "temporary" : "permanent",
  };
}

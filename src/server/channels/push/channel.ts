import type { PushPayload } from "@shared/api/push";
import { PUSH_ANSWER_ACTIONS, PUSH_BODY_MAX_CHARS } from "@shared/constants";
import type { AppContext } from "@server/context";
import {
  type DeliveryChannel,
  retryPolicyOf,
  type SendFailureKind,
  type SendReceipt,
  type WordMessage,
} from "@server/platform/channels/delivery-channel";
import { DEVICE_UNREACHABLE_MESSAGE } from "@server/platform/push/endpoint-guard";
import {
  classifyWebPushFailure,
  isExpiredSubscription,
  sendWebPush,
} from "@server/platform/push/web-push-sender";
import {
  listPushSubscriptions,
  markPushSuccess,
  removeExpiredPushSubscription,
  type PushSubscriptionRow,
} from "./service";

export const NO_PUSH_DEVICE_MESSAGE = "No device is subscribed to push notifications";

/** A push that was not delivered to any device, with the text History shows and whether to try again. */
export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: SendFailureKind,
  ) {
    super(message);
    this.name = "PushDeliveryError";
  }
}

/** A device offline for longer than this does not need yesterday's word any more. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export type PushChannelContext = Pick<AppContext, "db" | "config" | "clock" | "log">;

/**
 * The web push channel: the word and its definition as a notification on every browser the person turned push on
 * in; tapping it opens the word. Register it with the delivery engine as `createPushChannel(ctx)`.
 */
export function createPushChannel(ctx: PushChannelContext): DeliveryChannel<string> {
  const vapid = {
    subject: ctx.config.vapid.subject,
    publicKey: ctx.config.vapid.publicKey,
    privateKey: ctx.config.vapid.privateKey,
  };

  /** Sends to one device; a subscription the push service says is gone is forgotten on the way. */
  async function sendTo(target: PushSubscriptionRow, payload: string, message: WordMessage) {
    try {
      const receipt = await sendWebPush(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapid,
          policy: ctx.config.push,
          ttlSeconds: PUSH_TTL_SECONDS,
          urgency: "normal",
          topic: `delivery-${message.deliveryId}`,
          timeoutMs: PUSH_TIMEOUT_MS,
        },
      );
      // The device has the word whatever happens to this bookkeeping.
      await markPushSuccess(ctx, target.id, ctx.clock.now()).catch((error: unknown) =>
        ctx.log.warn({ err: error, pushSubscriptionId: target.id }, "could not record a push success"),
      );
      return receipt;
    } catch (error) {
      if (isExpiredSubscription(error)) {
        await removeExpiredPushSubscription(ctx, target.id);
        ctx.log.info({ pushSubscriptionId: target.id }, "push subscription expired: removed");
      }
      throw error;
    }
  }

  return {
    name: "push",
    onePerSend: true,
    retry: retryPolicyOf("push"),

    render: (message) => JSON.stringify(renderPushPayload(message)),
    // The notification asks about its first word only; the send's other words wait in the app.
    carried: (_rendered, message) => [message.deliveryId],

    async send(rendered, message): Promise<SendReceipt> {
      const targets = await listPushSubscriptions(ctx, message.recipient.userId);
      if (targets.length === 0) throw new PushDeliveryError(NO_PUSH_DEVICE_MESSAGE, "permanent");
      const results = await Promise.allSettled(targets.map((target) => sendTo(target, rendered, message)));
      const delivered = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      // One device that shows the word is a delivered word; the others' trouble is theirs.
      if (delivered.length > 0) {
        return { providerMessageId: delivered.find((receipt) => receipt.location)?.location ?? null };
      }
      const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      const live = failures.filter((error) => !isExpiredSubscription(error));
      if (live.length === 0) throw new PushDeliveryError(NO_PUSH_DEVICE_MESSAGE, "permanent");
      ctx.log.warn(
        { deliveryId: message.deliveryId, devices: targets.length, failures: live.map(describeFailure) },
        "push not delivered to any device",
      );
      // Worth another try when any device's failure may pass.
      const retryable = live.some((error) => classifyWebPushFailure(error) === "temporary");
      // History never shows what the remote answered: an endpoint is an address the user chose, and its answer
      // would tell them about whatever listens there.
      throw new PushDeliveryError(DEVICE_UNREACHABLE_MESSAGE, retryable ? "temporary" : "permanent");
    },

    classifyFailure: (error) =>
      error instanceof PushDeliveryError ? error.kind : classifyWebPushFailure(error),
  };
}

/**
 * The one notification of a send (`onePerSend`): its first word, its link, and the two quick answers as buttons,
 * each with the delivery's signed answer link for it (the service worker POSTs it, and shows the meaning after).
 * A new word shows its definition cut to fit; a review asks first and shows only the word (issue 22). The send's
 * other words are counted in the body and wait in the app.
 */
export function renderPushPayload(message: WordMessage): PushPayload {
  const { word, partOfSpeech, definition } = message.word;
  const answerUrls = { knew_it: message.links.grade.knewIt, didnt_know: message.links.grade.didntKnow };
  const named = partOfSpeech ? `${word} (${partOfSpeech})` : word;
  const more = message.alongside.length;
  const rest = more > 0 ? ` · +${more} more word${more === 1 ? "" : "s"} in the app` : "";
  const review = message.kind === "review";
  return {
    title: review ? `Remember “${named}”?` : named,
    body: review
      ? `Answer first; the meaning shows after.${rest}`
      : `${shorten(definition.trim(), PUSH_BODY_MAX_CHARS - rest.length)}${rest}`,
    url: message.links.open,
    tag: `delivery-${message.deliveryId}`,
    actions: PUSH_ANSWER_ACTIONS.map(({ action, answer, title }) => ({
      action,
      title,
      url: answerUrls[answer],
    })),
  };
}

/** Cuts `text` at the last word boundary that fits `max` characters (ellipsis included). */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const atWord = room.replace(/\s+\S*$/, "");
  return `${(atWord.length >= max / 2 ? atWord : room).trimEnd().replace(/[,;:.]$/, "")}…`;
}

/** For the log only: the push service's status, never its body (it may echo the endpoint). */
function describeFailure(error: unknown): string {
  if (error && typeof error === "object" && "statusCode" in error) {
    return `The push service answered ${String(error.statusCode)}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return "The push notification could not be sent";
}

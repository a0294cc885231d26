/**
 * The contract every channel that leaves the process implements (e-mail, SMS, web push). The sender loop
 * (features/delivery) leases a (delivery, channel) row of `delivery_sends`, builds the one shared WordMessage,
 * asks the channel to render and send it, and records the outcome; it knows nothing of SMTP, Twilio or VAPID.
 * In-app needs no send: a delivery row is its notification.
 */

import { type SendChannelName, channelDeclaration } from "@shared/channels";

export type { SendChannelName };

/** The one word model every channel renders from. */
export interface WordMessage {
  /** deliveries.id: a stable key for idempotency (Message-ID, push tag, SMS de-duplication). */
  deliveryId: number;
  /**
   * "demo" for the admin's demo send (no unsubscribe link, marked as a demo); "daily_review" for the learner's one
   * daily review message, which carries the reviews of all their subscriptions.
   */
  source: "scheduled" | "daily_review" | "demo";
  /** A word sent for the first time, or a due review of one sent before (the message says which). */
  kind: "new" | "review";
  recipient: {
    userId: string;
    email: string;
    /** E.164, and only once verified; null otherwise (the SMS channel then fails permanently). */
    phoneNumber: string | null;
  };
  word: {
    word: string;
    pronunciation: string | null;
    definition: string;
    example: string | null;
    partOfSpeech: string | null;
    note: string | null;
    /** The etymology (issue 27), shown as "Origin" in the e-mail; null or absent when the library gives none. */
    origin?: string | null;
    reference: string | null;
    translation: string | null;
  };
  topicName: string;
  /** Absolute, signed links (features/delivery/signed-links.ts); GETs of them never change state. */
  links: {
    /** Opens the word in the app. */
    open: string;
    /** Saves the word to the recipient's favorites (a page with a button; the POST saves). */
    save: string;
    /**
     * One-click unsubscribe from this subscription's channel (a demo, sent on the admin's own subscription, has
     * it too, as e-mails always had); null once the subscription is gone.
     */
    unsubscribe: string | null;
    /** The answers to the word (GET opens a page that records the answer by POST). */
    grade: { knewIt: string; didntKnow: string; known: string };
  };
  /**
   * For a channel that sends one message per send (`onePerSend`): the send's other words, which travel in this
   * message, in send order (new words first, then the reviews riding along). Empty otherwise.
   */
  alongside: WordMessage[];
}

/** What the provider said when it accepted the message. */
export interface SendReceipt {
  /** The provider's id (SMTP Message-ID, Twilio SID, push service location); null when it gives none. */
  providerMessageId: string | null;
}

/** Temporary failures are retried with back-off; permanent ones end the send as `failed` with their text. */
export type SendFailureKind = "temporary" | "permanent";

export interface RetryPolicy {
  /** Attempts before a send is marked failed even if every failure was temporary. */
  maxAttempts: number;
  /** Wait after the n-th failed attempt (n starts at 1). */
  delayAfterAttemptMs(attempt: number): number;
  /**
   * How long a leased send stays invisible to other workers. A sender that dies mid-send is retried after this
   * (at-least-once); channels pass deliveryId to the provider where it de-duplicates.
   */
  leaseMs: number;
}

/** The retry policy the registry (shared/channels.ts) declares for a channel, as the sender loop uses it. */
export function retryPolicyOf(name: SendChannelName): RetryPolicy {
  const { maxAttempts, firstDelayMs, growth, leaseMs } = channelDeclaration(name).retry;
  return { maxAttempts, leaseMs, delayAfterAttemptMs: (attempt) => firstDelayMs * growth ** (attempt - 1) };
}

export interface DeliveryChannel<Rendered = unknown> {
  readonly name: SendChannelName;
  readonly retry: RetryPolicy;
  /**
   * All the words of one scheduled send travel in one message (issue 22): the sender hands the channel the send's
   * first word with the rest `alongside`, and records one outcome for all of them.
   */
  readonly onePerSend?: boolean;
  /** Pure: the channel's form of the word (an e-mail's subject/html/text, a text message, a push payload). */
  render(message: WordMessage): Promise<Rendered> | Rendered;
  /**
   * For a `onePerSend` channel whose message has room for only some of the send's words (a notification, a text):
   * the delivery ids the rendered message carries, the lead's first. The sender records the outcome on those only;
   * the others were never on this channel, so their sends on it are removed (History does not list it for them, and
   * a review not carried anywhere is not counted against the day's cap and rolls over). Omitted: it carries all.
   */
  carried?(rendered: Rendered, message: WordMessage): number[];
  /** Hands the rendered message to the provider; throws when it was not accepted. */
  send(rendered: Rendered, message: WordMessage): Promise<SendReceipt>;
  /** Whether a thrown error is worth retrying. Unknown errors should be classified permanent. */
  classifyFailure(error: unknown): SendFailureKind;
  /**
   * For a temporary failure whose provider named its own wait (Telegram's 429 `retry_after`): that wait, which
   * replaces the retry policy's delay. Omitted, or null for an error that names none: the policy decides.
   */
  providerRetryAfterMs?(error: unknown): number | null;
}

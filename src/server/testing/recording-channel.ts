import type {
  DeliveryChannel,
  SendChannelName,
  SendFailureKind,
  WordMessage,
} from "../platform/channels/delivery-channel";

/** A provider's refusal as the double raises it: `kind` is what classifyFailure reads back. */
export class RecordingChannelError extends Error {
  constructor(
    message: string,
    readonly kind: SendFailureKind,
  ) {
    super(message);
  }
}

export interface RecordingChannel extends DeliveryChannel<string> {
  /** Every message the "provider" accepted, in order. */
  readonly accepted: WordMessage[];
  /** The next `count` sends fail with `message`, temporarily or permanently. */
  failNext(count: number, kind: SendFailureKind, message: string): void;
}

/**
 * A provider double for a send channel (SMS, push): renders a one-line text, accepts and records it, or fails on
 * demand. Retry timing is fixed (1 minute, 3 attempts) so tests can move the clock past it. With `leadOnly` it
 * sends one message per send that has room for its first word only, as a notification has.
 */
export function recordingChannel(name: SendChannelName, { leadOnly = false } = {}): RecordingChannel {
  const accepted: WordMessage[] = [];
  const failures: { kind: SendFailureKind; message: string }[] = [];
  return {
    name,
    accepted,
    retry: { maxAttempts: 3, delayAfterAttemptMs: () => 60_000, leaseMs: 5 * 60_000 },
    render: (message) => `${message.word.word}: ${message.word.definition}`,
    ...(leadOnly && {
      onePerSend: true,
      carried: (_rendered: string, message: WordMessage) => [message.deliveryId],
    }),
    async send(_rendered, message) {
      const failure = failures.shift();
      if (failure) throw new RecordingChannelError(failure.message, failure.kind);
      accepted.push(message);
      return { providerMessageId: `${name}-${message.deliveryId}` };
    },
    classifyFailure: (error) => (error instanceof RecordingChannelError ? error.kind : "permanent"),
    failNext(count, kind, message) {
      for (let index = 0; index < count; index += 1) failures.push({ kind, message });
    },
  };
}

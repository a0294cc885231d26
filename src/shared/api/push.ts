import { z } from "zod";
import { isoDate } from "./common";

/** GET /api/push/public-key: the VAPID public key a browser subscribes with (`applicationServerKey`). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Real push services' endpoints are a few hundred characters; this leaves room and refuses junk. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * A push endpoint: https only (the push service is a third party and the message is a capability). Plain http is
 * allowed to this machine outside production, for the in-process push service of the tests.
 */
function endpointSchema(allowLoopbackHttp: boolean) {
  return (
    z
      .string({ error: "endpoint must be a URL" })
      .max(PUSH_ENDPOINT_MAX_LENGTH, { error: "endpoint is too long" })
      // Printable ASCII: an endpoint is a URL as the push service wrote it, never text with controls or spaces.
      .regex(/^[\x21-\x7e]+$/, { error: "endpoint must be a URL" })
      .refine(
        (value) => {
          if (!URL.canParse(value)) return false;
          const url = new URL(value);
          if (url.username || url.password) return false;
          return (
            url.protocol === "https:" ||
            (allowLoopbackHttp && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
          );
        },
        { error: "endpoint must be an https URL of a push service" },
      )
  );
}

/** URL-safe base64 (no padding, as browsers write it; `=` tolerated) of exactly `bytes` bytes. */
function base64UrlBytes(label: string, bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: `${label} must be URL-safe base64` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), {
      error: `${label} must be ${bytes} bytes of URL-safe base64`,
    });
}

/** The browser's `PushSubscription.toJSON()` (POST /api/push/subscriptions). */
export function createPushSubscriptionRequestSchema({ allowLoopbackHttp }: { allowLoopbackHttp: boolean }) {
  return z.object({
    endpoint: endpointSchema(allowLoopbackHttp),
    /** Milliseconds since the epoch, or null; informational only (push services answer 410 when it is over). */
    expirationTime: z.number().int().min(0).max(8.64e15).nullable().optional(),
    keys: z.object(
      {
        /** The browser's uncompressed P-256 public key (65 bytes). */
        p256dh: base64UrlBytes("keys.p256dh", 65),
        /** The 16-byte authentication secret. */
        auth: base64UrlBytes("keys.auth", 16),
      },
      { error: "keys must hold p256dh and auth" },
    ),
  });
}
export const pushSubscriptionRequestSchema = createPushSubscriptionRequestSchema({
  allowLoopbackHttp: false,
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** DELETE /api/push/subscriptions: the endpoint of this browser's subscription (only the caller's is removed). */
export const deletePushSubscriptionRequestSchema = z.object({
  // Any well-formed endpoint: removing one this server would no longer accept must still work.
  endpoint: endpointSchema(true),
});
export type DeletePushSubscriptionRequest = z.infer<typeof deletePushSubscriptionRequestSchema>;

/** One device that receives push, as the server keeps it (no keys: the client never needs them back). */
export const pushDeviceSchema = z.object({
  id: z.number(),
  /** "Chrome on Android"; null when the browser said nothing usable. */
  device: z.string().nullable(),
  createdAt: isoDate,
  lastSuccessAt: isoDate.nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** One button of a word's notification: its action name, its label, and the signed answer link it POSTs (JSON). */
export interface PushAnswerAction {
  action: string;
  title: string;
  url: string;
}

/** What the push channel sends (server channels/push/channel.ts) and the service worker shows (client sw.ts). */
export interface PushPayload {
  /** The word, with its part of speech: "ledger (noun)". */
  title: string;
  /** The definition, cut to a notification's few lines. */
  body: string;
  /** Where tapping the notification goes: the word in the app. */
  url: string;
  /** One notification per delivery: a retry replaces it instead of showing it twice. */
  tag: string;
  /** "Knew it" / "Didn't know": each records that answer for this delivery, without opening the app. */
  actions: PushAnswerAction[];
}

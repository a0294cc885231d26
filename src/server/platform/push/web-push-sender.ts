import webpush, { type PushSubscription, type Urgency } from "web-push";
import type { SendFailureKind } from "../channels/delivery-channel";

// web-push is CommonJS: its class comes through the default export.
const { WebPushError } = webpush;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface WebPushOptions {
  vapid: VapidDetails;
  /** How long the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency: Urgency;
  /** Replaces a message still waiting in the push service under the same topic (URL-safe base64, ≤ 32 chars). */
  topic?: string;
  timeoutMs: number;
}

export interface WebPushReceipt {
  status: number;
  /** The push service's URL for this message (RFC 8030 §5), when it gives one. */
  location: string | null;
}

/**
 * Encrypts `payload` to the subscription (RFC 8291, aes128gcm) and signs the request (VAPID, RFC 8292) with
 * web-push, then POSTs it with fetch. Not web-push's own sendNotification: it always speaks https.request, so it
 * could not reach the plain-http push service the tests run on this machine; the protocol work is all web-push's.
 * A push service's refusal throws a WebPushError with its status, like sendNotification does.
 */
export async function sendWebPush(
  subscription: PushSubscription,
  payload: string,
  options: WebPushOptions,
): Promise<WebPushReceipt> {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: options.vapid,
    TTL: options.ttlSeconds,
    urgency: options.urgency,
    contentEncoding: "aes128gcm",
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(details.endpoint, {
    method: "POST",
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: "error",
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const body = await response.text();
  if (!response.ok) {
    throw new WebPushError(
      "Received unexpected response code",
      response.status,
      Object.fromEntries(response.headers),
      body.slice(0, 500),
      details.endpoint,
    );
  }
  return { status: response.status, location: response.headers.get("location") };
}

/** The push service says this subscription is gone for good (RFC 8030 §7.3): forget it. */
export const isExpiredSubscription = (error: unknown): boolean =>
  error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/**
 * Rate limits (429), the push service's own trouble (5xx), timeouts and network errors pass; anything else the
 * push service refused (400 bad request, 401/403 VAPID refused, 413 too large) will be refused again.
 */
export function classifyWebPushFailure(error: unknown): SendFailureKind {
  if (error instanceof WebPushError) {
    return error.statusCode === 429 || error.statusCode >= 500 ? "temporary" : "permanent";
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "temporary";
  // fetch's network failures (refused, reset, DNS) are TypeErrors with the system error as their cause.
  if (error instanceof TypeError && error.message === "fetch failed") return "temporary";
  return "permanent";
}

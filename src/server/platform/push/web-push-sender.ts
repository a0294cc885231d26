import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import webpush, { type PushSubscription, type Urgency } from "web-push";
import type { SendFailureKind } from "../channels/delivery-channel";
import { PushTargetRefusedError, resolvePushTarget, type PushTargetPolicy } from "./endpoint-guard";

// web-push is CommonJS: its class comes through the default export.
const { WebPushError } = webpush;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface WebPushOptions {
  vapid: VapidDetails;
  /** Which endpoints a message may go to (endpoint-guard.ts). */
  policy: PushTargetPolicy;
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

/** The push service could not be reached (refused, reset, DNS): worth another try. */
export class PushNetworkError extends Error {
  constructor(cause: unknown) {
    super("push service unreachable", { cause });
    this.name = "PushNetworkError";
  }
}

/** At most this much of a push service's answer is read (it is only ever logged, never shown). */
const MAX_ANSWER_BYTES = 4096;

/**
 * Encrypts `payload` to the subscription (RFC 8291, aes128gcm) and signs the request (VAPID, RFC 8292) with
 * web-push, then POSTs it itself: to the one address `resolvePushTarget` checked (a pinned lookup, so DNS
 * rebinding cannot swap in another), never following redirects. Not web-push's own sendNotification: it resolves
 * the name on its own, and always speaks https, so it could reach neither a checked address nor the tests' plain
 * http push service. A push service's refusal throws a WebPushError with its status, like sendNotification does.
 */
export async function sendWebPush(
  subscription: PushSubscription,
  payload: string,
  options: WebPushOptions,
): Promise<WebPushReceipt> {
  const target = await resolvePushTarget(subscription.endpoint, options.policy);
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
  const body = details.body ? Buffer.from(details.body) : Buffer.alloc(0);
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    // Node asks for every address when autoSelectFamily is on; either way only the checked one is offered.
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === "https:" ? https : http;
  const { status, answerHeaders, text } = await new Promise<{
    status: number;
    answerHeaders: http.IncomingHttpHeaders;
    text: string;
  }>((resolve, reject) => {
    const request = transport.request(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(body.length) },
        lookup: pinned,
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            answerHeaders: response.headers,
            text: Buffer.concat(chunks).toString("utf8").slice(0, 500),
          }),
        );
        response.on("error", (error) => reject(networkError(error)));
      },
    );
    request.on("error", (error) => reject(networkError(error)));
    request.end(body);
  });
  if (status < 200 || status >= 300) {
    throw new WebPushError(
      "Received unexpected response code",
      status,
      answerHeaders as Record<string, string>,
      text,
      details.endpoint,
    );
  }
  const location = answerHeaders.location;
  return { status, location: typeof location === "string" ? location : null };
}

/** Timeouts keep their name (the classification needs it); everything else on the wire is a network error. */
const networkError = (error: Error) =>
  error.name === "TimeoutError" || error.name === "AbortError" ? error : new PushNetworkError(error);

/** The push service says this subscription is gone for good (RFC 8030 §7.3): forget it. */
export const isExpiredSubscription = (error: unknown): boolean =>
  error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/**
 * Rate limits (429), the push service's own trouble (5xx), timeouts and network errors pass; anything else the
 * push service refused (400 bad request, 401/403 VAPID refused, 413 too large) will be refused again, and so will
 * an endpoint our policy refuses.
 */
export function classifyWebPushFailure(error: unknown): SendFailureKind {
  if (error instanceof PushTargetRefusedError) return "permanent";
  if (error instanceof WebPushError) {
    return error.statusCode === 429 || error.statusCode >= 500 ? "temporary" : "permanent";
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "temporary";
  if (error instanceof PushNetworkError) return "temporary";
  return "permanent";
}

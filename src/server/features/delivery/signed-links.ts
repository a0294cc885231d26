import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

/** What a signed link may do; the purpose is part of the signature, so one link cannot stand in for another. */
type LinkPurpose = "unsubscribe" | "open";

const signature = (secret: string, purpose: LinkPurpose, id: number) =>
  createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url");

function signToken(config: Config, purpose: LinkPurpose, id: number): string {
  return `${id}.${signature(config.sessionSecret, purpose, id)}`;
}

/** The id a token was signed for, or null when it was not signed by us for this purpose. */
function verifyToken(config: Config, purpose: LinkPurpose, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(config.sessionSecret, purpose, id));
  const given = Buffer.from(match[2] ?? "");
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** One-click unsubscribe link of a subscription (RFC 8058: the same URL answers GET with a page, POST does it). */
export const unsubscribeUrl = (config: Config, subscriptionId: number) =>
  `${config.appUrl}/api/unsubscribe?token=${signToken(config, "unsubscribe", subscriptionId)}`;
export const verifyUnsubscribeToken = (config: Config, token: string) =>
  verifyToken(config, "unsubscribe", token);

/** The e-mail's link into the app; following it marks that delivery opened (it counts as engagement). */
export const openUrl = (config: Config, deliveryId: number) =>
  `${config.appUrl}/api/open?token=${signToken(config, "open", deliveryId)}`;
export const verifyOpenToken = (config: Config, token: string) => verifyToken(config, "open", token);

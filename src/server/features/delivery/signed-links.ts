import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "@server/config";

/** The answers a word e-mail offers (and push actions): the two quick grades and "I already know this". */
export const GRADE_LINK_CHOICES = ["knew_it", "didnt_know", "known"] as const;
export type GradeLinkChoice = (typeof GRADE_LINK_CHOICES)[number];

/** What a signed link may do; the purpose is part of the signature, so one link cannot stand in for another. */
type LinkPurpose = "unsubscribe" | "unsubscribe:daily_review" | "open" | "save" | `grade:${GradeLinkChoice}`;

/**
 * Links name a row's random `link_id` (a UUID), never its sequential id, and carry an HMAC of it under the
 * session secret: a link can be neither guessed from another one nor forged without the secret.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TOKEN = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{43})$`);

const signature = (secret: string, purpose: LinkPurpose, linkId: string) =>
  createHmac("sha256", secret).update(`${purpose}:${linkId}`).digest("base64url");

function signToken(config: Config, purpose: LinkPurpose, linkId: string): string {
  return `${linkId}.${signature(config.sessionSecret, purpose, linkId)}`;
}

/** The link id a token was signed for, or null when it was not signed by us for this purpose. */
function verifyToken(config: Config, purpose: LinkPurpose, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const linkId = match[1] ?? "";
  const expected = Buffer.from(signature(config.sessionSecret, purpose, linkId));
  const given = Buffer.from(match[2] ?? "");
  return expected.length === given.length && timingSafeEqual(expected, given) ? linkId : null;
}

/** One-click unsubscribe link of a subscription (RFC 8058: the same URL answers GET with a page, POST does it). */
export const unsubscribeUrl = (config: Config, subscriptionLinkId: string) =>
  `${config.appUrl}/api/unsubscribe?token=${signToken(config, "unsubscribe", subscriptionLinkId)}`;
export const verifyUnsubscribeToken = (config: Config, token: string) =>
  verifyToken(config, "unsubscribe", token);

/**
 * The daily review e-mail's one-click unsubscribe (it carries every subscription's reviews, so no one subscription's
 * link fits): it keeps the learner's reviews in the app instead. Signed for the message's first delivery.
 */
export const dailyReviewUnsubscribeUrl = (config: Config, deliveryLinkId: string) =>
  `${config.appUrl}/api/unsubscribe?token=${signToken(config, "unsubscribe:daily_review", deliveryLinkId)}`;
export const verifyDailyReviewUnsubscribeToken = (config: Config, token: string) =>
  verifyToken(config, "unsubscribe:daily_review", token);

/** The e-mail's link into the app; the signed-in app then records the open (a GET alone changes nothing). */
export const openUrl = (config: Config, deliveryLinkId: string) =>
  `${config.appUrl}/api/open?token=${signToken(config, "open", deliveryLinkId)}`;
export const verifyOpenToken = (config: Config, token: string) => verifyToken(config, "open", token);

/**
 * One answer to one delivered word ("Knew it", "Didn't know", "I already know this"): `<choice>.<link id>.<mac>`,
 * the choice signed with the delivery, so a link records only the answer it names. Its GET opens a page; only the
 * page's POST records the answer (mail scanners follow links).
 */
export const gradeToken = (config: Config, deliveryLinkId: string, choice: GradeLinkChoice) =>
  `${choice}.${signToken(config, `grade:${choice}`, deliveryLinkId)}`;
export const gradeUrl = (config: Config, deliveryLinkId: string, choice: GradeLinkChoice) =>
  `${config.appUrl}/api/grade?token=${gradeToken(config, deliveryLinkId, choice)}`;

export function verifyGradeToken(
  config: Config,
  token: string,
): { deliveryLinkId: string; choice: GradeLinkChoice } | null {
  const dot = token.indexOf(".");
  const choice = GRADE_LINK_CHOICES.find((name) => name === token.slice(0, dot));
  if (!choice) return null;
  const deliveryLinkId = verifyToken(config, `grade:${choice}`, token.slice(dot + 1));
  return deliveryLinkId === null ? null : { deliveryLinkId, choice };
}

/** "Save to favorites" from an e-mail: GET shows a page with a button, its POST saves (scanners only GET). */
export const saveUrl = (config: Config, deliveryLinkId: string) =>
  `${config.appUrl}/api/save?token=${signToken(config, "save", deliveryLinkId)}`;
export const verifySaveToken = (config: Config, token: string) => verifyToken(config, "save", token);

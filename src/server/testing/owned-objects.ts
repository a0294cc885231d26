import { and, eq } from "drizzle-orm";
import { cards, deliveries, subscriptions } from "../db/schema";
import {
  gradeToken,
  verifyGradeToken,
  saveUrl,
  openUrl,
  unsubscribeUrl,
} from "../features/delivery/signed-links";
import { runSchedulerOnce } from "../features/delivery/service";
import type { FixtureTopic } from "./content-fixtures";
import { SAME_ORIGIN, type TestApp } from "./test-app";

/** One signed-in person and one of each object a route can address by id: what the fuzzer and the matrix act on. */
export interface OwnedObjects {
  email: string;
  userId: string;
  cookie: string;
  topicId: number;
  subscriptionId: number;
  /** A delivery (an in-app notification). */
  deliveryId: number;
  /** The delivered word, which is also a favorite. */
  wordId: number;
  /** The learning card the delivery made for that word. */
  cardId: number;
  /** The signed links' tokens of that delivery and subscription (what an e-mail or a push carries), by route. */
  linkTokens: Record<"/api/grade" | "/api/save" | "/api/open" | "/api/unsubscribe", string>;
}

/**
 * Signs `email` in (past the first-session flow) and gives them, through the real API, a daily in-app subscription to `topic`, its first
 * delivery (the engine run for this user only, at the subscription's own next delivery) and that word as a favorite.
 */
export async function createOwnedObjects(
  t: TestApp,
  email: string,
  topic: FixtureTopic,
): Promise<OwnedObjects> {
  const { user, cookie } = await t.signIn({ email });
  const headers = { cookie, ...SAME_ORIGIN };
  // An established learner: past the first-session flow (which would otherwise refuse A's own second topic by plan).
  const skipped = await t.app.inject({ method: "POST", url: "/api/onboarding/skip", headers });
  if (skipped.statusCode !== 204) throw new Error(`fixture onboarding skip for ${email}: ${skipped.body}`);
  const created = await t.app.inject({
    method: "POST",
    url: "/api/subscriptions",
    headers,
    payload: { topicId: topic.id, frequency: "daily", emailEnabled: false, inAppEnabled: true },
  });
  if (created.statusCode !== 201) throw new Error(`fixture subscription for ${email}: ${created.body}`);
  const subscription = created.json() as { id: number; nextDelivery: string };
  const at = new Date(subscription.nextDelivery);
  await runSchedulerOnce({ ...t.ctx, clock: { now: () => at } }, { onlyUserId: user.id });
  // The history holds the delivery whatever the app clock says (today's list is relative to it).
  const [entry] = (
    await t.app.inject({ method: "GET", url: "/api/history", headers: { cookie } })
  ).json() as {
    id: number;
    content: { id: number };
  }[];
  if (!entry) throw new Error(`fixture delivery for ${email} did not happen`);
  const deliveryId = entry.id;
  const wordId = entry.content.id;
  const favorite = await t.app.inject({
    method: "POST",
    url: "/api/favorites",
    headers,
    payload: { contentId: wordId },
  });
  if (favorite.statusCode >= 300) throw new Error(`fixture favorite for ${email}: ${favorite.body}`);
  // The card has no listing route of its own that ignores the clock (the review queue shows what is due today).
  const [card] = await t.ctx.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, user.id), eq(cards.wordId, wordId)));
  if (!card) throw new Error(`fixture card for ${email} was not made by the delivery`);
  const [links] = await t.ctx.db
    .select({ delivery: deliveries.linkId, subscription: subscriptions.linkId })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(eq(deliveries.id, deliveryId));
  if (!links) throw new Error(`fixture links for ${email}: no delivery row`);
  const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
  const grade = gradeToken(t.ctx.config, links.delivery, "knew_it");
  if (!verifyGradeToken(t.ctx.config, grade)) throw new Error("fixture grade token does not verify");
  return {
    email,
    userId: user.id,
    cookie,
    topicId: topic.id,
    subscriptionId: subscription.id,
    deliveryId,
    wordId,
    cardId: card.id,
    linkTokens: {
      "/api/grade": grade,
      "/api/save": tokenOf(saveUrl(t.ctx.config, links.delivery)),
      "/api/open": tokenOf(openUrl(t.ctx.config, links.delivery)),
      "/api/unsubscribe": tokenOf(unsubscribeUrl(t.ctx.config, links.subscription)),
    },
  };
}

/**
 * The value of each path parameter of `url` that addresses one of `owned`'s objects. A parameter this does not
 * know fails the caller's test: teach it here, so the new route is fuzzed and checked for leaks.
 */
export function ownedPathValues(url: string, owned: OwnedObjects): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [, name] of url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const key = `${url.replace(/\/:.*$/, "")} :${name}`;
    const value = PATH_PARAMETERS[key]?.(owned) ?? PATH_PARAMETERS[`* :${name}`]?.(owned);
    if (value === undefined) throw new Error(`No fixture value for path parameter "${name}" of ${url}`);
    values[name!] = String(value);
  }
  return values;
}

/** "<path before the parameter> :<name>" (or "* :<name>" for any route) → the object it addresses. */
const PATH_PARAMETERS: Record<string, (owned: OwnedObjects) => string | number> = {
  "/api/subscriptions :id": (owned) => owned.subscriptionId,
  "/api/notifications :id": (owned) => owned.deliveryId,
  "/api/admin/content :id": (owned) => owned.wordId,
  "/api/admin/users :id": (owned) => owned.userId,
  "/api/review :cardId": (owned) => owned.cardId,
  "* :contentId": (owned) => owned.wordId,
  // The local mailbox's messages belong to nobody; any well-formed id will do.
  "/dev/mailbox :id": () => "00000000-0000-4000-8000-000000000000",
  // The local Telegram chats are numbered by whoever writes from them; any positive number is a chat.
  "/api/dev/telegram/chats :chatId": () => 1,
};

/** Body and query values by field name: the caller's own objects, and a valid value for fields with a format. */
export function knownFieldValues(owned: OwnedObjects, routeUrl = ""): Record<string, unknown> {
  return {
    // A signed-link route's own token for the caller's delivery, so every other field's bad value reaches past it.
    ...(routeUrl in owned.linkTokens
      ? { token: owned.linkTokens[routeUrl as keyof OwnedObjects["linkTokens"]] }
      : {}),
    topicId: owned.topicId,
    contentId: owned.wordId,
    selectedSubscriptionId: owned.subscriptionId,
    subscriptionIds: [owned.subscriptionId],
    frequency: "daily",
    deliveryTime: "09:00",
    emailEnabled: false,
    inAppEnabled: true,
    active: true,
    // Their own address: an admin editing their own user in the fuzzer must stay who they are.
    email: owned.email,
    timeZone: "Europe/London",
    theme: "dark",
    phoneNumber: "+447700900123",
    // A phone verification code (shaped right; never the one texted).
    code: "123456",
    confirmation: "DELETE",
    area: "other",
    subject: "Hello",
    message: "A message long enough to be feedback.",
    word: "ledger",
    definition: "A book of accounts",
    words: [{ word: "ledger", definition: "A book of accounts" }],
    name: "fuzz_topic",
    displayName: "Fuzz topic",
    icon: "F",
    planName: "basic",
    // The admin's payment mode, or how a review card was answered.
    mode: routeUrl.startsWith("/api/review/") ? "flashcards" : "test",
    cardNumber: "4242 4242 4242 4242",
    expMonth: 12,
    expYear: 2030,
    cvc: "123",
    setupIntentId: "seti_unknown",
    clientSecret: "secret_unknown",
    date: "2025-05-05",
    limit: 10,
    rating: 3,
    channel: "web",
    // The delivery a quick grade answers: the caller's own, of the same word as their card.
    deliveryId: owned.deliveryId,
    // The cards whose grades the dropdown previews (a query string: ids separated by commas).
    cardIds: String(owned.cardId),
    // A browser's push subscription that belongs to nobody yet (endpoints move to whoever registers them).
    endpoint: "https://push.example.com/send/fuzz-endpoint",
    keys: {
      p256dh: `B${"A".repeat(86)}`,
      auth: "A".repeat(22),
    },
  };
}

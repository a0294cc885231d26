import { MINUTE_MS } from "./constants";
import { SMS_SINGLE_GSM7 } from "./rules/sms-text";

/**
 * The channel registry (issue 26): every way a word can reach a learner is declared here once, and every list of
 * channels elsewhere (zod enums, database checks, History's labels, the review log's channel, plan rules) is derived
 * from it. Adding a channel starts with an entry here; nothing else spells the list out.
 *
 * Zod-free and React-free on purpose: the client, the server and the database schema all read it.
 */

/** Who may turn a channel on: everyone, or a paid plan or an active trial (each message costs us money). */
export type ChannelPlanRule = "any_plan" | "paid_plan";

/**
 * How the learner answers a word from the channel: by a signed link (the e-mail's buttons, the notification's
 * actions), by a reply in the same conversation (a text), inside the app itself, or not at all.
 */
export type ChannelAnswers = "link" | "reply" | "in_app" | "none";

/** How a failed send is retried: `maxAttempts` tries, waiting `firstDelayMs × growth^(n-1)` after the n-th failure. */
export interface ChannelRetry {
  maxAttempts: number;
  firstDelayMs: number;
  growth: number;
  /** How long a leased send stays invisible to other workers (a sender that dies mid-send is retried after it). */
  leaseMs: number;
}

export interface ChannelDeclaration {
  /** The stored and wire name (subscriptions, delivery_sends, review_logs, the API). */
  name: string;
  /** What History and the switches call it. */
  label: string;
  /**
   * How a sentence names it ("Not sent: e-mail was turned off…"), when not its label; optional so a new channel's
   * entry needs only what it must say.
   */
  inSentence?: string;
  /** The lucide icon the client shows for it. */
  icon: "mail" | "smartphone" | "message-square" | "bell" | "send";
  planRule: ChannelPlanRule;
  answers: ChannelAnswers;
  /**
   * Whether the send engine sends it (a `delivery_sends` row per delivery); in-app needs no send, a delivery row
   * is its notification.
   */
  sends: boolean;
  /** The longest message the channel carries, in characters; null when the channel sets no limit we render to. */
  maxMessageChars: number | null;
  /** Null for a channel that does not send. */
  retry: ChannelRetry | null;
  /**
   * Whether the one daily review (Settings: reviews "in one daily review at a chosen time") goes out by this
   * channel. Only e-mail does: a list of up to ten words with a pair of answer buttons each reads well there, while a
   * text or a notification carries one word.
   */
  carriesDailyReview?: boolean;
}

/** In the order History lists them. */
export const CHANNELS = [
  {
    name: "email",
    label: "Email",
    inSentence: "e-mail",
    icon: "mail",
    planRule: "any_plan",
    answers: "link",
    sends: true,
    maxMessageChars: null,
    carriesDailyReview: true,
    // 1, 2, 4, 8 minutes; an SMTP relay can be slow, so a lease outlasts a slow send.
    retry: { maxAttempts: 5, firstDelayMs: MINUTE_MS, growth: 2, leaseMs: 10 * MINUTE_MS },
  },
  {
    name: "sms",
    label: "SMS",
    icon: "message-square",
    planRule: "paid_plan",
    answers: "reply",
    sends: true,
    // One GSM-7 segment (sms-text.ts counts them): render-word.ts fits the text into one, as each costs money.
    maxMessageChars: SMS_SINGLE_GSM7,
    // Five tries over about an hour (1, 4, 16, 64 minutes apart): a carrier outage rarely lasts longer.
    retry: { maxAttempts: 5, firstDelayMs: MINUTE_MS, growth: 4, leaseMs: 2 * MINUTE_MS },
  },
  {
    name: "push",
    label: "Push",
    inSentence: "push",
    // A phone's lock screen, where the notification shows (the bell is the app's own notifications, in-app's).
    icon: "smartphone",
    planRule: "any_plan",
    answers: "link",
    sends: true,
    maxMessageChars: null,
    // 1, 2, 4, 8 minutes: a push service's hiccup or rate limit passes in that time; every device is tried at once.
    retry: { maxAttempts: 5, firstDelayMs: MINUTE_MS, growth: 2, leaseMs: 2 * MINUTE_MS },
  },
  {
    name: "telegram",
    label: "Telegram",
    icon: "send",
    // A bot message costs us nothing (unlike a text), so like push it is open to every plan.
    planRule: "any_plan",
    // The inline buttons answer in the same chat; the message then edits itself to show the definition.
    answers: "reply",
    sends: true,
    // Telegram's limit on a message's text (Bot API sendMessage): the word and its ride-along reviews fit in it.
    maxMessageChars: 4096,
    // 1, 2, 4, 8 minutes; a 429 names its own wait (retry_after), which replaces these delays for that retry.
    retry: { maxAttempts: 5, firstDelayMs: MINUTE_MS, growth: 2, leaseMs: 2 * MINUTE_MS },
  },
  {
    name: "in_app",
    label: "In-app",
    icon: "bell",
    planRule: "any_plan",
    answers: "in_app",
    sends: false,
    maxMessageChars: null,
    retry: null,
  },
] as const satisfies readonly ChannelDeclaration[];

type Declared = (typeof CHANNELS)[number];
export type ChannelName = Declared["name"];
/** The channels the send engine sends (a `delivery_sends` row each). */
export type SendChannelName = Extract<Declared, { sends: true }>["name"];
/** The channels answered by a signed link (POST /api/grade's `channel`). */
export type LinkAnswerChannelName = Extract<Declared, { answers: "link" }>["name"];

type NonEmpty<T> = readonly [T, ...T[]];

/** Narrows a filtered list back to a non-empty tuple, as z.enum and drizzle's text enums need. */
function nonEmpty<T>(names: readonly T[]): NonEmpty<T> {
  if (names.length === 0) throw new Error("A channel list derived from the registry is empty");
  return names as NonEmpty<T>;
}

export const CHANNEL_NAMES: NonEmpty<ChannelName> = nonEmpty(CHANNELS.map((channel) => channel.name));
export const SEND_CHANNEL_NAMES: NonEmpty<SendChannelName> = nonEmpty(
  CHANNELS.filter((channel): channel is Extract<Declared, { sends: true }> => channel.sends).map(
    (channel) => channel.name,
  ),
);
export const LINK_ANSWER_CHANNEL_NAMES: NonEmpty<LinkAnswerChannelName> = nonEmpty(
  CHANNELS.filter(
    (channel): channel is Extract<Declared, { answers: "link" }> => channel.answers === "link",
  ).map((channel) => channel.name),
);

export function channelDeclaration<Name extends ChannelName>(name: Name): Extract<Declared, { name: Name }> {
  return CHANNELS.find((channel) => channel.name === name) as Extract<Declared, { name: Name }>;
}

/** "Email", "SMS", "Push", "In-app". */
export const channelLabel = (name: ChannelName): string => channelDeclaration(name).label;

/** How a sentence names the channel: "e-mail", "SMS", "push", "In-app" (its label unless it declares otherwise). */
export const channelInSentence = (name: ChannelName): string => {
  const declaration: ChannelDeclaration = channelDeclaration(name);
  return declaration.inSentence ?? declaration.label;
};

/**
 * The channels the one daily review goes out by (`carriesDailyReview`). A function, not a list computed at load, so
 * the client's bundles (which import this module and never send a review) drop it.
 */
export const dailyReviewChannelNames = (): ChannelName[] =>
  CHANNELS.filter((channel: ChannelDeclaration) => channel.carriesDailyReview === true).map(
    (channel) => channel.name,
  );

/** The channels a plan rule of `paid_plan` keeps from a free learner. */
export const PAID_PLAN_CHANNEL_NAMES: readonly ChannelName[] = CHANNELS.filter(
  (channel) => channel.planRule === "paid_plan",
).map((channel) => channel.name);

import { z } from "zod";
import {
  DELIVERY_METHODS,
  FREQUENCIES,
  PLAN_NAMES,
  SUBSCRIPTION_STATUSES,
  WORD_LEVELS,
  WORDS_PER_SEND_MAX,
  WORDS_PER_SEND_MIN,
  type WordLevel,
} from "../constants";
import { CHANNELS, type ChannelDeclaration, type ChannelName } from "../channels";
import { deliveryMethodFor } from "../rules/frequencies";
import { levelsByNumber } from "../rules/levels";
import { bodyIdSchema, idParam, isoDate } from "./common";
import {
  PLAN_LIMIT_ERROR_CODES,
  SELECT_DELIVERY_METHOD_MESSAGE,
  SELECT_TOPIC_MESSAGE,
} from "./subscription-values";

export * from "./subscription-values";

export const TOPIC_CANNOT_CHANGE_MESSAGE = "The topic of a subscription cannot be changed";
export const LEVEL_MESSAGE = `Level must be ${levelsByNumber()}`;

/** The library level delivery takes first (not in the spec: optional, so the spec's bodies stay valid). */
export const subscriptionLevelSchema = z
  .number({ error: LEVEL_MESSAGE })
  .int({ error: LEVEL_MESSAGE })
  .refine((value): value is WordLevel => (WORD_LEVELS as readonly number[]).includes(value), {
    error: LEVEL_MESSAGE,
  });

export const WORDS_PER_SEND_MESSAGE = `Words per send must be a whole number from ${WORDS_PER_SEND_MIN} to ${WORDS_PER_SEND_MAX}`;
export const wordsPerSendSchema = z
  .number({ error: WORDS_PER_SEND_MESSAGE })
  .int({ error: WORDS_PER_SEND_MESSAGE })
  .min(WORDS_PER_SEND_MIN, { error: WORDS_PER_SEND_MESSAGE })
  .max(WORDS_PER_SEND_MAX, { error: WORDS_PER_SEND_MESSAGE });

const deliveryTimeSchema = z
  .string({ error: "Delivery time must be HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Delivery time must be HH:MM" });

export const topicIdSchema = bodyIdSchema("topicId", SELECT_TOPIC_MESSAGE);

/**
 * The spec's per-channel fields (`emailEnabled`, `inAppEnabled`) and the additive `smsEnabled`/`pushEnabled`, by the
 * channel each switches. Frozen on purpose: these are the published API of the first four channels; a channel added
 * later has only its entry in the `channels` list.
 */
export const SWITCH_FIELDS = {
  email: "emailEnabled",
  in_app: "inAppEnabled",
  sms: "smsEnabled",
  push: "pushEnabled",
} as const satisfies Partial<Record<ChannelName, string>>;

type SwitchFields = {
  [Name in keyof typeof SWITCH_FIELDS as (typeof SWITCH_FIELDS)[Name]]?: boolean | undefined;
};

/** One switch of the `channels` list, as sent and as answered. */
export interface ChannelSwitch {
  channel: string;
  enabled: boolean;
}

/** The channel switches a create or edit body sets, by channel name; a channel it does not name is absent. */
export type RequestedSwitches = Readonly<Record<string, boolean>>;

/**
 * The switches a body sets, from its `channels` list and the per-channel fields together (the route has already
 * checked that the two agree).
 */
export function requestedSwitches(body: SwitchFields & { channels?: readonly ChannelSwitch[] | undefined }) {
  const switches: Record<string, boolean> = {};
  for (const { channel, enabled } of body.channels ?? []) switches[channel] = enabled;
  for (const [channel, field] of Object.entries(SWITCH_FIELDS)) {
    const enabled = body[field];
    if (enabled !== undefined) switches[channel] = enabled;
  }
  return switches as RequestedSwitches;
}

export const CHANNELS_CONFLICT_MESSAGE =
  "channels must agree with emailEnabled, inAppEnabled, smsEnabled and pushEnabled";
export const CHANNEL_LISTED_TWICE_MESSAGE = "Each channel can be listed once";
const SWITCH_FIELD_MESSAGE = (field: string) => `${field} must be true or false`;

/**
 * The subscriptions contract for the channels `declarations` registers (the app's registry, shared/channels.ts, or
 * a test's with one more): the `channels` list accepts and answers exactly those names, so a channel added to the
 * registry is in the API without another list to edit.
 */
export function subscriptionContracts(declarations: readonly Pick<ChannelDeclaration, "name">[]) {
  const names = declarations.map((declaration) => declaration.name);
  const channelNameSchema = z.enum(names as [string, ...string[]], {
    error: `channel must be one of ${names.join(", ")}`,
  });
  const channelSwitchSchema = z.object({
    channel: channelNameSchema,
    enabled: z.boolean({ error: "enabled must be true or false" }),
  });
  const channelsSchema = z
    .array(channelSwitchSchema, { error: "channels must be a list of { channel, enabled }" })
    .refine((list) => new Set(list.map((entry) => entry.channel)).size === list.length, {
      error: CHANNEL_LISTED_TWICE_MESSAGE,
    });

  const settingsShape = {
    frequency: z.enum(FREQUENCIES, { error: "Please choose how often words should arrive" }),
    deliveryMethod: z
      .enum(DELIVERY_METHODS, { error: "Delivery method must be email, in_app or both" })
      .optional(),
    /** The spec's switches: required unless the body sends the `channels` list (checkChannels says so). */
    emailEnabled: z.boolean({ error: SWITCH_FIELD_MESSAGE("emailEnabled") }).optional(),
    inAppEnabled: z.boolean({ error: SWITCH_FIELD_MESSAGE("inAppEnabled") }).optional(),
    /** Not in the spec, so optional: omitted is off on creation and unchanged on an edit. SMS needs a paid plan. */
    smsEnabled: z.boolean({ error: SWITCH_FIELD_MESSAGE("smsEnabled") }).optional(),
    /** Web push; omitted is off on creation and unchanged on an edit. */
    pushEnabled: z.boolean({ error: SWITCH_FIELD_MESSAGE("pushEnabled") }).optional(),
    /**
     * For new clients (issue 26): any registered channel's switch. A channel not listed (nor named by a field above)
     * is off on creation and unchanged on an edit.
     */
    channels: channelsSchema.optional(),
    /** Omitted or ignored for frequencies without a delivery time (09:00 is stored). */
    deliveryTime: deliveryTimeSchema.optional(),
    /** Omitted: 2 (Professional) on creation, unchanged on an edit. */
    level: subscriptionLevelSchema.optional(),
    /**
     * Issue 16 (ours): words in one send, reviews first (WORDS_PER_SEND_MIN..MAX). Omitted: 1 on creation,
     * unchanged on an edit. More than the plan allows (WORDS_PER_SEND_MAX_BY_PLAN) is 403 `WORDS_PER_SEND_NOT_ALLOWED`.
     */
    wordsPerSend: wordsPerSendSchema.optional(),
  };

  type Settings = SwitchFields & {
    deliveryMethod?: string | undefined;
    channels?: ChannelSwitch[] | undefined;
  };

  /**
   * The spec's two switches unless the `channels` list is sent; per-channel fields that agree with the list; at
   * least one channel on; and a deliveryMethod (when sent) that says the same as the e-mail and in-app switches
   * (the spec's method describes those two; with both off it is not checked). On an edit a switch the body does
   * not name keeps its stored value, which only the service knows: it checks that case.
   */
  const checkChannels =
    (unnamedSwitch: "off" | "unchanged") =>
    (value: Settings, context: z.RefinementCtx): void => {
      if (value.channels === undefined) {
        for (const field of [SWITCH_FIELDS.email, SWITCH_FIELDS.in_app]) {
          if (value[field] === undefined) {
            context.addIssue({ code: "custom", message: SWITCH_FIELD_MESSAGE(field), path: [field] });
            return;
          }
        }
      }
      for (const { channel, enabled } of value.channels ?? []) {
        const field = (SWITCH_FIELDS as Record<string, keyof SwitchFields>)[channel];
        if (field !== undefined && value[field] !== undefined && value[field] !== enabled) {
          context.addIssue({ code: "custom", message: CHANNELS_CONFLICT_MESSAGE, path: ["channels"] });
          return;
        }
      }
      const switches = requestedSwitches(value);
      const named = Object.values(switches);
      const everyNamed = names.every((name) => name in switches);
      if (!named.includes(true) && (unnamedSwitch === "off" || everyNamed)) {
        context.addIssue({ code: "custom", message: SELECT_DELIVERY_METHOD_MESSAGE, path: ["emailEnabled"] });
        return;
      }
      const email = switches.email;
      const inApp = switches.in_app;
      if (email === undefined || inApp === undefined) return;
      const method = deliveryMethodFor(email, inApp);
      if (method !== null && value.deliveryMethod !== undefined && value.deliveryMethod !== method) {
        context.addIssue({
          code: "custom",
          message: `deliveryMethod must be "${method}" when e-mail is ${email ? "on" : "off"} and in-app is ${inApp ? "on" : "off"}`,
          path: ["deliveryMethod"],
        });
      }
    };

  /** POST /api/subscriptions */
  const createSubscriptionRequestSchema = z
    .object({ topicId: topicIdSchema, ...settingsShape }, { error: SELECT_TOPIC_MESSAGE })
    .superRefine(checkChannels("off"));

  /** PATCH /api/subscriptions/{id} with the full form (the topic may be repeated, never changed). */
  const editSubscriptionRequestSchema = z
    .object({ topicId: topicIdSchema.optional(), active: z.boolean().optional(), ...settingsShape })
    .superRefine(checkChannels("unchanged"));

  /** A PATCH body is either `{ active }` alone or the full form. */
  function parseSubscriptionPatch(
    body: unknown,
  ):
    | { kind: "active"; active: boolean }
    | { kind: "edit"; edit: z.infer<typeof editSubscriptionRequestSchema> } {
    if (body && typeof body === "object" && Object.keys(body).length === 1 && "active" in body) {
      return { kind: "active", active: subscriptionActiveRequestSchema.parse(body).active };
    }
    return { kind: "edit", edit: editSubscriptionRequestSchema.parse(body) };
  }

  const subscriptionSchema = z.object({
    id: z.number(),
    topicId: z.number(),
    topic: subscriptionTopicSchema,
    frequency: z.enum(FREQUENCIES),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    emailEnabled: z.boolean(),
    inAppEnabled: z.boolean(),
    smsEnabled: z.boolean(),
    pushEnabled: z.boolean(),
    /**
     * Every registered channel's switch, in the registry's order (issue 26): the list a new client draws its
     * switches from without knowing the channels.
     */
    channels: z.array(z.object({ channel: channelNameSchema, enabled: z.boolean() })),
    deliveryTime: z.string(),
    /** The library level delivery takes first: 1 beginner, 2 intermediate, 3 advanced. */
    level: z.union(WORD_LEVELS.map((level) => z.literal(level))),
    /** Issue 16: words per send (reviews first, then new words). */
    wordsPerSend: z.number(),
    active: z.boolean(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** The next delivery instant (UTC); null while inactive or paused. */
    nextDelivery: isoDate.nullable(),
    createdAt: isoDate,
  });

  return {
    settingsShape,
    checkChannels,
    createSubscriptionRequestSchema,
    editSubscriptionRequestSchema,
    parseSubscriptionPatch,
    subscriptionSchema,
    subscriptionListSchema: z.array(subscriptionSchema),
  };
}
export type SubscriptionContracts = ReturnType<typeof subscriptionContracts>;

export const subscriptionTopicSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  category: z.string(),
  icon: z.string(),
});

/** PUT /api/subscriptions/{id}, and PATCH with only this field (the dashboard toggle). */
export const subscriptionActiveRequestSchema = z.object({
  active: z.boolean({ error: "active must be true or false" }),
});

/** The contracts of the channels shared/channels.ts registers: what the client and the other features use. */
export const {
  settingsShape,
  checkChannels,
  createSubscriptionRequestSchema,
  editSubscriptionRequestSchema,
  parseSubscriptionPatch,
  subscriptionSchema,
  subscriptionListSchema,
} = subscriptionContracts(CHANNELS);
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;
export type EditSubscriptionRequest = z.infer<typeof editSubscriptionRequestSchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;

export const upgradeOptionSchema = z.object({
  name: z.enum(["basic", "premium", "pro"]),
  displayName: z.string(),
  price: z.number(),
});

/** The 403 answer when the plan does not allow a subscription, a frequency or a channel (SMS). */
export const planLimitErrorSchema = z.object({
  message: z.string(),
  code: z.enum(PLAN_LIMIT_ERROR_CODES),
  currentPlan: z.enum(PLAN_NAMES),
  upgradeOptions: z.array(upgradeOptionSchema),
});
export type PlanLimitError = z.infer<typeof planLimitErrorSchema>;

export const subscriptionIdParams = idParam;

/**
 * GET /api/subscriptions/exhausted (issue 22, ours): the user's subscriptions whose topic has no new word left for
 * them (every level received, by text from any topic). Their sends carry reviews only, so the card says so and
 * offers a related topic instead of going quiet.
 */
export const exhaustedSubscriptionsSchema = z.object({ subscriptionIds: z.array(z.number()) });
export type ExhaustedSubscriptions = z.infer<typeof exhaustedSubscriptionsSchema>;

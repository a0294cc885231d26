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

export const settingsShape = {
  frequency: z.enum(FREQUENCIES, { error: "Please choose how often words should arrive" }),
  deliveryMethod: z
    .enum(DELIVERY_METHODS, { error: "Delivery method must be email, in_app or both" })
    .optional(),
  emailEnabled: z.boolean({ error: "emailEnabled must be true or false" }),
  inAppEnabled: z.boolean({ error: "inAppEnabled must be true or false" }),
  /** Not in the spec, so optional: omitted is off on creation and unchanged on an edit. SMS needs a paid plan. */
  smsEnabled: z.boolean({ error: "smsEnabled must be true or false" }).optional(),
  /** Web push; omitted is off on creation and unchanged on an edit. */
  pushEnabled: z.boolean({ error: "pushEnabled must be true or false" }).optional(),
  /** Omitted or ignored for frequencies without a delivery time (09:00 is stored). */
  deliveryTime: deliveryTimeSchema.optional(),
  /** Omitted: 2 (Professional) on creation, unchanged on an edit. */
  level: subscriptionLevelSchema.optional(),
  /**
   * Issue 16 (ours): words in one send, reviews first (WORDS_PER_SEND_MIN..MAX). Omitted: 1 on creation, unchanged
   * on an edit. More than the plan allows (WORDS_PER_SEND_MAX_BY_PLAN) is 403 `WORDS_PER_SEND_NOT_ALLOWED`.
   */
  wordsPerSend: wordsPerSendSchema.optional(),
};

type Settings = {
  deliveryMethod?: string;
  emailEnabled: boolean;
  inAppEnabled: boolean;
  smsEnabled?: boolean | undefined;
  pushEnabled?: boolean | undefined;
};

/**
 * At least one channel, and a deliveryMethod (when sent) that says the same as the e-mail and in-app switches
 * (the spec's method describes those two; with both off it is not checked). On an edit an omitted SMS or push
 * switch keeps its stored value, which only the service knows: it checks that case.
 */
export const checkChannels =
  (omittedSwitch: "off" | "unchanged") =>
  (value: Settings, context: z.RefinementCtx): void => {
    const method = deliveryMethodFor(value.emailEnabled, value.inAppEnabled);
    if (method === null) {
      const others = [value.smsEnabled, value.pushEnabled];
      const unknown = omittedSwitch === "unchanged" && others.includes(undefined);
      if (!others.includes(true) && !unknown) {
        context.addIssue({ code: "custom", message: SELECT_DELIVERY_METHOD_MESSAGE, path: ["emailEnabled"] });
      }
    } else if (value.deliveryMethod !== undefined && value.deliveryMethod !== method) {
      context.addIssue({
        code: "custom",
        message: `deliveryMethod must be "${method}" when e-mail is ${value.emailEnabled ? "on" : "off"} and in-app is ${value.inAppEnabled ? "on" : "off"}`,
        path: ["deliveryMethod"],
      });
    }
  };

/** POST /api/subscriptions */
export const createSubscriptionRequestSchema = z
  .object({ topicId: topicIdSchema, ...settingsShape }, { error: SELECT_TOPIC_MESSAGE })
  .superRefine(checkChannels("off"));
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

/** PATCH /api/subscriptions/{id} with the full form (the topic may be repeated, never changed). */
export const editSubscriptionRequestSchema = z
  .object({ topicId: topicIdSchema.optional(), active: z.boolean().optional(), ...settingsShape })
  .superRefine(checkChannels("unchanged"));
export type EditSubscriptionRequest = z.infer<typeof editSubscriptionRequestSchema>;

/** PUT /api/subscriptions/{id}, and PATCH with only this field (the dashboard toggle). */
export const subscriptionActiveRequestSchema = z.object({
  active: z.boolean({ error: "active must be true or false" }),
});

/** A PATCH body is either `{ active }` alone or the full form. */
export function parseSubscriptionPatch(
  body: unknown,
): { kind: "active"; active: boolean } | { kind: "edit"; edit: EditSubscriptionRequest } {
  if (body && typeof body === "object" && Object.keys(body).length === 1 && "active" in body) {
    return { kind: "active", active: subscriptionActiveRequestSchema.parse(body).active };
  }
  return { kind: "edit", edit: editSubscriptionRequestSchema.parse(body) };
}

export const subscriptionTopicSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  category: z.string(),
  icon: z.string(),
});

export const subscriptionSchema = z.object({
  id: z.number(),
  topicId: z.number(),
  topic: subscriptionTopicSchema,
  frequency: z.enum(FREQUENCIES),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  emailEnabled: z.boolean(),
  inAppEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  pushEnabled: z.boolean(),
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
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.array(subscriptionSchema);

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

import { z } from "zod";
import {
  BILLING_CURRENCY,
  BILLING_INTERVALS,
  CURRENCIES,
  PLAN_DISPLAY_NAMES,
  PLAN_NAMES,
  STRIPE_MODES,
  TRIAL_PLAN,
} from "../constants";
import { formatBillingDay } from "../rules/billing";
import { coercedIdSchema, isoDate, textSchema } from "./common";
import { subscriptionSchema } from "./subscriptions";

export const SELECTION_REQUIRED_MESSAGE = "Please select a subscription to keep on the free plan";
export const SETUP_NOT_COMPLETED_MESSAGE = "Payment method setup was not completed";
export const TRIAL_WELCOME_MESSAGE = "Welcome to your 7-day premium trial!";
/** The spec's words, for a trial that ends at once (one set by hand, with no provider subscription to wait for). */
export const TRIAL_CANCELLED_MESSAGE =
  "Your trial has been cancelled and you've been moved to the free plan.";
/** Issue 28: a cancelled trial keeps its plan to the trial's end date, then moves to Free without a charge. */
export const trialCancelledMessage = (trialEndDate: Date) =>
  `Your trial has been cancelled. You keep ${PLAN_DISPLAY_NAMES[TRIAL_PLAN]} until ${formatBillingDay(trialEndDate)}, then you move to the free plan without being charged.`;

/** One price of a plan: minor units of `currency` per `interval` (issue 28). */
export const planPriceSchema = z.object({
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  interval: z.enum(BILLING_INTERVALS),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

/**
 * GET /api/subscription-plans (admin_test only for admins). The spec's fields (pence per month, GBP), then every
 * price the plan can be bought at: monthly and yearly, in pounds and in dollars.
 */
export const planSchema = z.object({
  name: z.enum(PLAN_NAMES),
  displayName: z.string(),
  /** Pence per month; 0 means Free. */
  price: z.number().int(),
  currency: z.literal(BILLING_CURRENCY),
  interval: z.literal("month"),
  features: z.array(z.string()),
  popular: z.boolean(),
  prices: z.array(planPriceSchema),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

/** GET /api/stripe-config. `provider: "sandbox"` means: render the built-in test card form, not Stripe Elements. */
export const stripeConfigSchema = z.object({
  publishableKey: z.string(),
  provider: z.enum(["stripe", "sandbox"]),
  mode: z.enum(STRIPE_MODES),
  /** Show 'This is a test payment - no real money will be charged'. */
  testMode: z.boolean(),
});
export type StripeConfig = z.infer<typeof stripeConfigSchema>;

/** POST /api/start-trial */
export const startTrialRequestSchema = z.object({
  trialPlan: z.literal(TRIAL_PLAN, { error: `The free trial is for the ${TRIAL_PLAN} plan` }),
});
export const startTrialResponseSchema = z.object({ clientSecret: z.string(), setupIntentId: z.string() });
export type StartTrialResponse = z.infer<typeof startTrialResponseSchema>;

/** An id or secret the payment provider issued (Stripe's are well under 255 characters). */
const providerIdSchema = (label: string) =>
  textSchema(label, { min: 1, max: 255, trim: false, messages: { required: `${label} is required` } });

/** POST /api/confirm-trial */
export const confirmTrialRequestSchema = z.object({
  setupIntentId: providerIdSchema("setupIntentId"),
});
export const confirmTrialResponseSchema = z.object({ message: z.string(), trialEndDate: isoDate });

/** The period-end downgrade as the 'Already Scheduled' toast describes it. */
const keptSubscriptionSchema = z.object({
  id: z.number(),
  topicId: z.number(),
  topic: z.object({ name: z.string(), displayName: z.string() }),
});
export const subscriptionDetailsSchema = z.object({
  cancellationDate: isoDate,
  subscriptionToKeep: keptSubscriptionSchema.nullable(),
  subscriptionsToLose: z.array(keptSubscriptionSchema),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** POST /api/create-payment-intent */
export const createPaymentIntentRequestSchema = z.object({
  planName: z.enum(PLAN_NAMES, { error: "Please choose one of the plans" }),
  /** Issue 28; monthly when absent (the spec's request has only planName). */
  interval: z.enum(BILLING_INTERVALS, { error: 'interval must be "month" or "year"' }).default("month"),
  /** The visitor's choice; a customer who has paid before is charged in that first payment's currency. */
  currency: z.enum(CURRENCIES, { error: 'currency must be "gbp" or "usd"' }).optional(),
});
/** Exactly one of the variant flags (or clientSecret + paymentIntentId) is set; `message` explains it. */
export const createPaymentIntentResponseSchema = z.object({
  requiresSubscriptionSelection: z.boolean().optional(),
  subscriptions: z.array(subscriptionSchema).optional(),
  downgradedToFree: z.boolean().optional(),
  alreadyScheduled: z.boolean().optional(),
  subscriptionDetails: subscriptionDetailsSchema.optional(),
  alreadyActive: z.boolean().optional(),
  clientSecret: z.string().optional(),
  paymentIntentId: z.string().optional(),
  planName: z.enum(PLAN_NAMES).optional(),
  interval: z.enum(BILLING_INTERVALS).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Minor units of `currency` per `interval`, from the server's plan table. */
  amount: z.number().int().optional(),
  message: z.string().optional(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** POST /api/downgrade-with-selection */
export const downgradeWithSelectionRequestSchema = z.object({
  selectedSubscriptionId: coercedIdSchema("selectedSubscriptionId", SELECTION_REQUIRED_MESSAGE),
  action: z.literal("downgrade_to_free", { error: 'action must be "downgrade_to_free"' }),
});
export const downgradeResponseSchema = z.object({
  message: z.string(),
  subscriptionDetails: subscriptionDetailsSchema.optional(),
});

/** POST /api/cancel-subscription */
export const cancelSubscriptionResponseSchema = z.object({
  message: z.string(),
  alreadyScheduled: z.boolean(),
  subscriptionDetails: subscriptionDetailsSchema.optional(),
});

/** POST /api/reactivate-subscription, POST /api/cancel-trial */
export const billingMessageSchema = z.object({ message: z.string() });

/** POST /api/complete-subscription: `setupIntentId` carries the payment id from the purchase-success URL. */
export const completeSubscriptionRequestSchema = z.object({
  setupIntentId: providerIdSchema("setupIntentId"),
});
export const completeSubscriptionResponseSchema = z.object({
  subscriptionId: z.string(),
  plan: z.object({ name: z.enum(PLAN_NAMES) }),
  planName: z.enum(PLAN_NAMES),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  interval: z.enum(BILLING_INTERVALS),
  nextBillingDate: isoDate.nullable(),
  message: z.string(),
});
export type CompleteSubscriptionResponse = z.infer<typeof completeSubscriptionResponseSchema>;

/** POST /api/create-customer-portal */
export const customerPortalResponseSchema = z.object({ url: z.string() });

/** POST /api/validate-subscription: reports a downgrade the user did not choose, once. */
export const frequencyChangeSchema = z.object({
  subscriptionId: z.number(),
  topicName: z.string(),
  previousFrequency: z.string(),
  frequency: z.string(),
  deliveryTime: z.string(),
});
export type FrequencyChangeNotice = z.infer<typeof frequencyChangeSchema>;

export const validateSubscriptionResponseSchema = z.object({
  wasDowngraded: z.boolean(),
  previousPlan: z.enum(PLAN_NAMES).nullable(),
  downgradeReason: z.string().nullable(),
  contactSuggested: z.boolean(),
  /** On top of the spec's fields: subscriptions a downgrade moved to daily (any downgrade, chosen or not). */
  frequencyChanges: z.array(frequencyChangeSchema),
});
export type ValidateSubscriptionResponse = z.infer<typeof validateSubscriptionResponseSchema>;

/** GET/POST /api/admin/stripe-mode */
export const stripeModeRequestSchema = z.object({
  mode: z.enum(STRIPE_MODES, { error: 'mode must be "test" or "live"' }),
});
export const stripeModeResponseSchema = z.object({
  mode: z.enum(STRIPE_MODES),
  provider: z.enum(["stripe", "sandbox"]),
  testConfigured: z.boolean(),
  liveConfigured: z.boolean(),
});
export type StripeModeResponse = z.infer<typeof stripeModeResponseSchema>;

/**
 * POST /api/admin/users/:id/refund: support refunds a learner's last charge within the Terms' window. The body
 * names nothing (it is always all of the last charge), so anything in it is a mistake and refused.
 */
export const refundRequestSchema = z.strictObject({}).nullish();
/** Its answer: what was refunded, and a sentence for the admin to pass on. */
export const refundResponseSchema = z.object({
  message: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  chargedAt: isoDate,
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** Sandbox provider: our own card form posts here (POST /api/sandbox/confirm). */
export const sandboxCardSchema = z.object({
  cardNumber: z
    .string({ error: "Your card number is incomplete." })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "Your card number is incomplete." })),
  expMonth: z.coerce
    .number({ error: "Your card's expiration date is incomplete." })
    .int({ error: "Your card's expiration month is invalid." })
    .min(1, { error: "Your card's expiration month is invalid." })
    .max(12, { error: "Your card's expiration month is invalid." }),
  expYear: z.coerce
    .number({ error: "Your card's expiration date is incomplete." })
    .int({ error: "Your card's expiration year is invalid." })
    .transform((year) => (year >= 0 && year < 100 ? 2000 + year : year))
    // A card's year is stored as an integer; no real card expires outside this window.
    .pipe(
      z
        .number()
        .min(2000, { error: "Your card's expiration year is invalid." })
        .max(2100, { error: "Your card's expiration year is invalid." }),
    ),
  cvc: z.string({ error: "Your card's security code is incomplete." }).regex(/^\d{3,4}$/, {
    error: "Your card's security code is incomplete.",
  }),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;
export const sandboxConfirmRequestSchema = sandboxCardSchema.extend({
  clientSecret: providerIdSchema("clientSecret"),
});
export const sandboxConfirmResponseSchema = z.object({
  id: z.string(),
  type: z.enum(["setup_intent", "payment_intent"]),
  status: z.literal("succeeded"),
});

/** GET /api/sandbox/portal and the answers of its actions. */
export const sandboxPortalSchema = z.object({
  testMode: z.literal(true),
  email: z.string(),
  card: z
    .object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
    .nullable(),
  subscription: z
    .object({
      id: z.string(),
      planName: z.enum(PLAN_NAMES),
      status: z.string(),
      currentPeriodEnd: isoDate.nullable(),
      trialEnd: isoDate.nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  invoices: z.array(
    z.object({ id: z.string(), amount: z.number().int(), status: z.string(), createdAt: isoDate }),
  ),
});
export type SandboxPortal = z.infer<typeof sandboxPortalSchema>;

import { z } from "zod";
import { checkChannels, settingsShape, subscriptionSchema, topicIdSchema } from "./subscriptions";

/** How many topics the first-session flow offers to pick at once (the plan may allow fewer). */
export const ONBOARDING_MAX_TOPICS = 5;

export const ONBOARDING_PICK_TOPIC_MESSAGE = "Pick at least one topic";

/**
 * POST /api/onboarding: the first-session flow's answers. One subscription per topic with the same settings, then
 * the first word of each at once by every chosen channel. Frequency defaults to daily.
 */
export const completeOnboardingRequestSchema = z
  .object({
    topicIds: z
      .array(topicIdSchema, { error: ONBOARDING_PICK_TOPIC_MESSAGE })
      .min(1, { error: ONBOARDING_PICK_TOPIC_MESSAGE })
      .max(ONBOARDING_MAX_TOPICS, { error: `Pick at most ${ONBOARDING_MAX_TOPICS} topics` })
      .refine((ids) => new Set(ids).size === ids.length, { error: "Each topic can be picked once" }),
    ...settingsShape,
    frequency: settingsShape.frequency.default("daily"),
  })
  .superRefine(checkChannels("off"));
export type CompleteOnboardingRequest = z.input<typeof completeOnboardingRequestSchema>;

export const completeOnboardingResponseSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  /** Words delivered at once (one per subscription whose topic had a word to give). */
  delivered: z.number(),
});
export type CompleteOnboardingResponse = z.infer<typeof completeOnboardingResponseSchema>;

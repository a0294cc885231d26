import { and, eq, isNull } from "drizzle-orm";
import { requestedSwitches, type CreateSubscriptionRequest } from "@shared/api/subscriptions";
import type { CompleteOnboardingResponse } from "@shared/api/onboarding";
import { checkPlanAllows } from "@shared/rules/plans";
import type { AppContext } from "@server/context";
import { users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { conflict, forbidden } from "@server/platform/errors/app-error";
import { deliverNow } from "../delivery/service";
import {
  countActiveSubscriptions,
  createSubscription,
  enabledChannels,
  listSubscriptions,
} from "../subscriptions/service";

type OnboardingAnswers = Omit<CreateSubscriptionRequest, "topicId"> & { topicIds: number[] };

const isPending = (user: UserRow) => user.onboardedAt === null && user.onboardingSkippedAt === null;

const ALREADY_DONE = () => conflict("Your first topics are already set up.", "ONBOARDING_DONE");

/**
 * The first-session flow: one subscription per picked topic with the same settings, checked against the plan for all
 * topics before any is created (so a Free user never ends half set up), then the first word of each delivered at
 * once by every chosen channel, and the flow marked done.
 */
export async function completeOnboarding(
  ctx: AppContext,
  user: UserRow,
  answers: OnboardingAnswers,
): Promise<CompleteOnboardingResponse> {
  if (!isPending(user)) throw ALREADY_DONE();
  const { topicIds, ...settings } = answers;
  const active = await countActiveSubscriptions(ctx.db, user.id);
  const violation = checkPlanAllows(user, {
    frequency: settings.frequency,
    channels: enabledChannels(ctx.declaredChannels, requestedSwitches(settings)),
    activeSubscriptions: active + topicIds.length - 1,
    adding: true,
  });
  if (violation) {
    const { message, code, ...details } = violation;
    throw forbidden(message, code, details);
  }

  const createdIds: number[] = [];
  for (const topicId of topicIds)
    createdIds.push((await createSubscription(ctx, user.id, { ...settings, topicId })).id);
  const [marked] = await ctx.db
    .update(users)
    .set({ onboardedAt: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.onboardedAt), isNull(users.onboardingSkippedAt)))
    .returning({ id: users.id });
  if (!marked) throw ALREADY_DONE();

  const delivered = await deliverNow(ctx, user.id, createdIds);
  const created = new Set(createdIds);
  return {
    subscriptions: (await listSubscriptions(ctx, user.id)).filter((row) => created.has(row.id)),
    delivered,
  };
}

/** "Skip for now": the flow is not shown again; the dashboard explains how to start. */
export async function skipOnboarding(ctx: AppContext, user: UserRow): Promise<void> {
  if (!isPending(user)) return;
  await ctx.db
    .update(users)
    .set({ onboardingSkippedAt: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.onboardedAt), isNull(users.onboardingSkippedAt)));
}

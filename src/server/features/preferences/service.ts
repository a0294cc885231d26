import { and, eq, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Preferences, updatePreferencesRequestSchema } from "@shared/api/preferences";
import type { Theme } from "@shared/constants";
import { startOfUserDay } from "@shared/rules/learning/day-start";
import { isPaused, pauseError, type Pause } from "@shared/rules/learning/pause";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import { users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { badRequest, notFound } from "@server/platform/errors/app-error";
import { respreadReviewsAfterPause } from "@server/features/learning/service";
import { isPhoneVerified } from "@server/platform/sms/verified-number";
import { nextDailyReviewAfter, pauseOf, quietHoursOf } from "@shared/rules/send-window";
import { replanRunningSubscriptions } from "@server/features/subscriptions/service";

/** The stored preferences (everything but the learning figures GET /api/preferences adds); a pause that has ended
 * reads null, whether or not the dispatcher has cleared it yet (a GET changes nothing). */
export function preferencesOf(user: UserRow, now: Date): Omit<Preferences, "personalParameters"> {
  const theme =
    user.theme === "light" || user.theme === "dark" || user.theme === "system" ? user.theme : null;
  const pause = pauseOf(user);
  return {
    theme,
    phoneNumber: user.phoneNumber,
    phoneVerified: isPhoneVerified(user),
    emailNotifications: user.emailNotifications,
    inAppNotifications: user.inAppNotifications,
    quietHours: quietHoursOf(user),
    dayStartsAtHour: user.dayStartsAtHour,
    dailyReviewCap: user.dailyReviewCap,
    reviewDelivery: user.reviewDelivery,
    dailyReviewTime: user.dailyReviewTime,
    pause:
      pause && pause.endsAt.getTime() > now.getTime()
        ? { from: pause.startsAt.toISOString(), until: pause.endsAt.toISOString() }
        : null,
  };
}

export async function saveTheme(ctx: AppContext, userId: string, theme: Theme): Promise<void> {
  await ctx.db.update(users).set({ theme, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
}

export type PreferencesChange = z.output<typeof updatePreferencesRequestSchema>;

/**
 * PATCH /api/user/preferences: only the fields sent change (a null or empty phone number clears it). A number set
 * here is unverified unless it is the one already proved: the proof is forgotten, so setting the old number back
 * later needs a new code. A change of quiet hours, pause or day start re-plans the next slot of every running
 * subscription in the same transaction, and so the next daily review (also planned when that choice or its time
 * changes; any other choice clears it).
 */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  change: PreferencesChange,
): Promise<void> {
  const { quietHours, pause, ...plain } = change;
  const keepProofOnlyForSameNumber =
    change.phoneNumber === undefined
      ? {}
      : {
          phoneVerifiedNumber: sql`case when ${users.phoneVerifiedNumber} = ${change.phoneNumber} then ${users.phoneVerifiedNumber} end`,
        };
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound("User not found");
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(users)
      .set({
        ...plain,
        ...keepProofOnlyForSameNumber,
        ...(quietHours === undefined
          ? {}
          : { quietStart: quietHours?.start ?? null, quietEnd: quietHours?.end ?? null }),
        ...(pause ? pauseColumns(user, pause.until, change.dayStartsAtHour, now) : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    // Resuming now spreads the backlog with the cap and day start just saved.
    if (pause === null) await endPauseWhere(tx, userId, now, isNotNull(users.pausedUntil));
    const scheduleChanged =
      quietHours !== undefined || pause !== undefined || change.dayStartsAtHour !== undefined;
    const owner = pause === null ? { ...updated!, pausedFrom: null, pausedUntil: null } : updated!;
    if (scheduleChanged) await replanRunningSubscriptions(tx, userId, owner, now);
    const dailyReviewChanged = change.reviewDelivery !== undefined || change.dailyReviewTime !== undefined;
    if (scheduleChanged || dailyReviewChanged) {
      await tx
        .update(users)
        .set({ nextDailyReviewAt: nextDailyReviewAfter(owner, now) })
        .where(eq(users.id, userId));
    }
  });
}

/**
 * The stored pause for `{ until }`: from now (or from the start of the pause already in force, so renewing it
 * cannot stretch one pause past PAUSE_MAX_MONTHS) until the start of that day, at the user's day start in their
 * zone. Refused with 400 INVALID_PAUSE in the Settings form's words (an end in the past, too far on).
 */
function pauseColumns(user: UserRow, until: string, dayStartsAtHour: number | undefined, now: Date) {
  const current = pauseOf(user);
  const pause: Pause = {
    startsAt: current && isPaused(current, now) ? current.startsAt : now,
    endsAt: startOfUserDay(until, {
      timeZone: user.timeZone,
      dayStartHour: dayStartsAtHour ?? user.dayStartsAtHour,
    }),
  };
  const error = pauseError(pause, now, user.timeZone);
  if (error) throw badRequest(error, "INVALID_PAUSE");
  return { pausedFrom: pause.startsAt, pausedUntil: pause.endsAt };
}

/**
 * Ends the user's pause if it is over by `now` (the dispatcher calls this when it meets a user whose pause has run
 * out): clears it and spreads the backlog once. The row is taken with SKIP LOCKED: the dispatcher already holds
 * subscription rows, and a Settings change holds the user's row while it re-plans those, so waiting could deadlock;
 * whoever holds the row (another worker, or the change) decides instead. Returns whether it ended one.
 */
export async function endElapsedPause(tx: Transaction, userId: string, now: Date): Promise<boolean> {
  const elapsed = and(eq(users.id, userId), lte(users.pausedUntil, now));
  const [free] = await tx
    .select({ id: users.id })
    .from(users)
    .where(elapsed)
    .for("update", { skipLocked: true });
  return free !== undefined && (await endPauseWhere(tx, userId, now, lte(users.pausedUntil, now)));
}

async function endPauseWhere(tx: Transaction, userId: string, now: Date, condition: SQL): Promise<boolean> {
  const [ended] = await tx
    .update(users)
    .set({ pausedFrom: null, pausedUntil: null, updatedAt: now })
    .where(and(eq(users.id, userId), condition))
    .returning();
  if (ended) await respreadReviewsAfterPause(tx, ended, now);
  return ended !== undefined;
}

export { disableAllEmail, setSubscriptionEmails } from "./email-switch";

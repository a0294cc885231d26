import { eq, sql } from "drizzle-orm";
import type { Preferences } from "@shared/api/preferences";
import type { Theme } from "@shared/constants";
import type { AppContext } from "@server/context";
import { users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { isPhoneVerified } from "../phone/service";

/** The stored preferences (everything but the learning figures GET /api/preferences adds). */
export function preferencesOf(user: UserRow): Omit<Preferences, "personalParameters"> {
  const theme =
    user.theme === "light" || user.theme === "dark" || user.theme === "system" ? user.theme : null;
  return {
    theme,
    phoneNumber: user.phoneNumber,
    phoneVerified: isPhoneVerified(user),
    emailNotifications: user.emailNotifications,
    inAppNotifications: user.inAppNotifications,
  };
}

export async function saveTheme(ctx: AppContext, userId: string, theme: Theme): Promise<void> {
  await ctx.db.update(users).set({ theme, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
}

/**
 * PATCH /api/user/preferences: only the fields sent change (a null or empty phone number clears it). A number set
 * here is unverified unless it is the one already proved: the proof is forgotten, so setting the old number back
 * later needs a new code.
 */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  change: { phoneNumber?: string | null; emailNotifications?: boolean; inAppNotifications?: boolean },
): Promise<void> {
  const keepProofOnlyForSameNumber =
    change.phoneNumber === undefined
      ? {}
      : {
          phoneVerifiedNumber: sql`case when ${users.phoneVerifiedNumber} = ${change.phoneNumber} then ${users.phoneVerifiedNumber} end`,
        };
  await ctx.db
    .update(users)
    .set({ ...change, ...keepProofOnlyForSameNumber, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
}

export { disableAllEmail, setSubscriptionEmails } from "./email-switch";

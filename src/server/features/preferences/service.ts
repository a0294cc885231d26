import { eq } from "drizzle-orm";
import type { Preferences } from "../../../shared/api/preferences";
import type { Theme } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import type { UserRow } from "../../platform/auth/session";

export function preferencesOf(user: UserRow): Preferences {
  const theme =
    user.theme === "light" || user.theme === "dark" || user.theme === "system" ? user.theme : null;
  return {
    theme,
    phoneNumber: user.phoneNumber,
    emailNotifications: user.emailNotifications,
    inAppNotifications: user.inAppNotifications,
  };
}

export async function saveTheme(ctx: AppContext, userId: string, theme: Theme): Promise<void> {
  await ctx.db.update(users).set({ theme, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
}

/** PATCH /api/user/preferences: only the fields sent change (a null or empty phone number clears it). */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  change: { phoneNumber?: string | null; emailNotifications?: boolean; inAppNotifications?: boolean },
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ ...change, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
}

export { disableAllEmail, setSubscriptionEmails } from "./email-switch";

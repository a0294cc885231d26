import { sql, type SQL } from "drizzle-orm";
import type { users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";

/**
 * When a user's number may be texted. Below the features because three readers need the one rule: the SMS channel's
 * verification, the delivery engine's recipient query and Settings' `phoneVerified`.
 */

/** Verified means: the number stored is the one this user proved (any other route that changes it unverifies it). */
export const isPhoneVerified = (user: Pick<UserRow, "phoneNumber" | "phoneVerifiedNumber">) =>
  user.phoneNumber !== null && user.phoneNumber === user.phoneVerifiedNumber;

/** The same rule in SQL, for the senders' message query (`user`: the users table or an alias of it). */
export const verifiedPhoneNumberSql = (user: typeof users): SQL<string | null> =>
  sql<
    string | null
  >`case when ${user.phoneNumber} = ${user.phoneVerifiedNumber} then ${user.phoneNumber} end`;

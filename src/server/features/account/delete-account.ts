import { eq, sql } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { loginTokens, mailbox, smsOutbox, users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { closeBillingThen } from "../billing/service";
import { invalidateRecentActivity } from "../notifications/service";

/**
 * Deletes an account for good: any paid plan or trial is cancelled with the payment provider first (nothing is
 * deleted if that fails), then, in one transaction, the user row goes, and with it (ON DELETE CASCADE) every row
 * that belongs to it: sessions, subscriptions, deliveries, favorites, feedback, billing records. Rows keyed by the
 * e-mail address (unused sign-in links, local-mailbox copies) go too, so the address can sign up again as a new,
 * empty account, and so do the local SMS outbox's copies of texts to the account's number. A STOP from the number
 * is kept: it is the number owner's wish, not the account's data.
 */
export async function deleteAccount(ctx: AppContext, user: UserRow): Promise<void> {
  await closeBillingThen(ctx, user.id, () =>
    ctx.db.transaction(async (tx) => {
      await tx.delete(loginTokens).where(eq(sql`lower(${loginTokens.email})`, user.email.toLowerCase()));
      await tx.delete(mailbox).where(eq(sql`lower(${mailbox.to})`, user.email.toLowerCase()));
      if (user.phoneNumber) await tx.delete(smsOutbox).where(eq(smsOutbox.to, user.phoneNumber));
      await tx.delete(users).where(eq(users.id, user.id));
    }),
  );
  await invalidateRecentActivity(ctx, [user.id]);
  ctx.log.info({ userId: user.id }, "account deleted at the user's request");
}

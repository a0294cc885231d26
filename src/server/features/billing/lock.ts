import type { AppContext } from "@server/context";
import { LOCK_SCOPE } from "@server/db/advisory-lock";

/**
 * Runs one user's billing operations one at a time across every instance on the database (a double click, or a
 * webhook and a request on two instances, waits for the first, then sees its result): a PostgreSQL advisory lock
 * keyed by the user (PGlite: a queue in this process, which owns the database). Don't nest it for one user.
 */
export function withBillingLock<T>(ctx: AppContext, userId: string, run: () => Promise<T>): Promise<T> {
  return ctx.locks.withLock(LOCK_SCOPE.billingUser, userId, run);
}

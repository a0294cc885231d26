/*
 * Query keys the subscription screens read and refresh. Invalidating a key's first element refreshes every
 * user's entry of it (TanStack Query matches by prefix).
 */
export const SUBSCRIPTIONS_PATH = "/api/subscriptions";
export const TOPICS_KEY = ["/api/topics"] as const;
/** The dashboard's tiles count active subscriptions, so a change of one refreshes them too. */
export const STATS_KEY = ["/api/stats"] as const;
/** A demo e-mail is a history entry (source "demo"). */
export const HISTORY_KEY = ["/api/history"] as const;

/** The subscriptions list, cached per user (learner-core §7). */
export const subscriptionsKey = (userId: string | undefined) => [SUBSCRIPTIONS_PATH, userId] as const;

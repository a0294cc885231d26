/*
 * Every query key of the client, each API path spelled once. A key's first element is the path the default
 * query function GETs (lib/api.ts); later elements only tell cache entries apart (the user id, a filter).
 * Invalidating a key without them refreshes every entry under it (TanStack Query matches keys by prefix).
 */

export const AUTH_USER_KEY = ["/api/auth/user"] as const;
export const APP_CONFIG_KEY = ["/api/app-config"] as const;
export const PREFERENCES_KEY = ["/api/preferences"] as const;
export const TELEGRAM_KEY = ["/api/telegram"] as const;
export const TOPICS_KEY = ["/api/topics"] as const;
export const WORD_SEARCH_KEY = ["/api/search"] as const;
export const TOPIC_SAMPLES_KEY = ["/api/topics/samples"] as const;
export const CREDITS_KEY = ["/api/credits"] as const;
export const STRIPE_CONFIG_KEY = ["/api/stripe-config"] as const;
export const SANDBOX_PORTAL_KEY = ["/api/sandbox/portal"] as const;

// Cached per user (learner-core §7): read them through forUser.
export const STATS_KEY = ["/api/stats"] as const;
export const TODAY_ACTIVITY_KEY = ["/api/activity/today"] as const;
export const RECENT_ACTIVITY_KEY = ["/api/activity/recent"] as const;
export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
export const SUBSCRIPTIONS_KEY = ["/api/subscriptions"] as const;
export const EXHAUSTED_SUBSCRIPTIONS_KEY = ["/api/subscriptions/exhausted"] as const;
export const FAVORITES_KEY = ["/api/favorites"] as const;
export const HISTORY_KEY = ["/api/history"] as const;
export const VALIDATE_SUBSCRIPTION_KEY = ["/api/validate-subscription"] as const;
export const REVIEW_DUE_KEY = ["/api/review/due"] as const;
export const GRADE_PREVIEWS_KEY = ["/api/review/previews"] as const;
export const PROGRESS_KEY = ["/api/progress"] as const;
export const PLANS_KEY = ["/api/subscription-plans"] as const;

export const ADMIN_USERS_KEY = ["/api/admin/users"] as const;
export const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;
export const ADMIN_OPERATIONS_KEY = ["/api/admin/operations"] as const;
export const ADMIN_TEAM_REQUESTS_KEY = ["/api/admin/team-requests"] as const;
export const ADMIN_STRIPE_MODE_KEY = ["/api/admin/stripe-mode"] as const;

/** One user's entry of a per-user key, with any further parts (a filter) after the user id. */
export const forUser = <K extends readonly string[]>(
  key: K,
  userId: string | undefined,
  ...rest: unknown[]
) => [...key, userId, ...rest] as const;

/** The subscriptions list, cached per user (learner-core §7). */
export const subscriptionsKey = (userId: string | undefined) => forUser(SUBSCRIPTIONS_KEY, userId);
/** The plan list differs for admins (admin_test), so it is cached per user ("anonymous" for visitors). */
export const plansKey = (userId: string | undefined) => forUser(PLANS_KEY, userId ?? "anonymous");
/** An admin's word list of one topic: the topic is in the path, so it heads the key. */
export const adminContentKey = (topicId: number | null) =>
  [`/api/admin/content?topicId=${topicId ?? ""}`, "admin-content", topicId] as const;

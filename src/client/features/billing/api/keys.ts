/* Query keys the billing screens read and refresh. */
export const PLANS_PATH = "/api/subscription-plans";
export const STRIPE_CONFIG_KEY = ["/api/stripe-config"] as const;
/** The plan list differs for admins (admin_test), so it is cached per user ("anonymous" for visitors). */
export const plansKey = (userId: string | undefined) => [PLANS_PATH, userId ?? "anonymous"] as const;
/** Plan changes pause and resume subscriptions; these lists show them. */
export const SUBSCRIPTION_VIEWS_PATHS = ["/api/subscriptions", "/api/stats"] as const;

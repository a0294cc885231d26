import type { Subscription } from "@shared/api/subscriptions";

export type StatusFilter = "all" | "active" | "inactive";
export type EmailFilter = "all" | "enabled" | "disabled";
/** "all" or a topic id (as text, the select's value). */
export type TopicFilter = string;

export interface SubscriptionFilters {
  status: StatusFilter;
  email: EmailFilter;
  topic: TopicFilter;
}

export const NO_FILTERS: SubscriptionFilters = { status: "all", email: "all", topic: "all" };

/** plans-billing §3: a subscription counts as active (and may be selected) only when switched on and not paused. */
export const isActiveSubscription = (subscription: Pick<Subscription, "active" | "status">): boolean =>
  subscription.active && subscription.status === "active";

export function filterSubscriptions(
  list: readonly Subscription[],
  filters: SubscriptionFilters,
): Subscription[] {
  return list.filter((subscription) => {
    if (filters.status !== "all" && isActiveSubscription(subscription) !== (filters.status === "active"))
      return false;
    if (filters.email !== "all" && subscription.emailEnabled !== (filters.email === "enabled")) return false;
    return filters.topic === "all" || String(subscription.topicId) === filters.topic;
  });
}

/** plans-billing §5: enabling lists active subscriptions with e-mail off; disabling, active ones with e-mail on. */
export function eligibleFor(list: readonly Subscription[], enableEmail: boolean): Subscription[] {
  return list.filter(
    (subscription) => isActiveSubscription(subscription) && subscription.emailEnabled !== enableEmail,
  );
}

/** The topics the user is subscribed to, for the topic filter, by name. */
export function topicsOf(list: readonly Subscription[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const subscription of list)
    seen.set(String(subscription.topicId), subscription.topic.displayName || "Unknown Topic");
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const subscriptionCount = (count: number) => `${count} subscription${count === 1 ? "" : "s"}`;

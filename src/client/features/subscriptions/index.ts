/* The subscriptions feature's public face: other features (the dashboard, Discover) import only from here. */
export { SubscriptionModal, type SubscriptionModalProps } from "./subscription-modal";
export { useSubscriptions, useToggleSubscriptionActive, useTopics, useDeleteSubscription } from "./api";
// Re-exported for src/client/features/settings, which still imports it from here.
export { subscriptionsKey } from "../../lib/query-keys";
export { matchesTopicSearch } from "./topic-search";
export { formatDeliveryInstant, deliveryMethodLabel } from "./format";

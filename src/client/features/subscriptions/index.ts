/* The subscriptions feature's public face: other features (the dashboard, Discover) import only from here. */
export { SubscriptionModal, type SubscriptionModalProps } from "./subscription-modal";
export { useSubscriptions, useToggleSubscriptionActive, useTopics, useDeleteSubscription } from "./api";
export { matchesTopicSearch } from "./topic-search";
export { formatDeliveryInstant, deliveryMethodLabel } from "./format";

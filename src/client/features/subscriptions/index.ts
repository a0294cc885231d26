/* The subscriptions feature's public face: other features (the dashboard, Discover) import only from here. */
export { SubscriptionModal, type SubscriptionModalProps } from "./subscription-modal";
export { useSubscriptions, useToggleSubscriptionActive, useTopics, useDeleteSubscription } from "./api";
export { matchesTopicSearch } from "./topic-search";
export { formatDeliveryInstant, deliveryMethodLabel } from "./format";
export { usePlanLimitReached } from "./plan-room";
export { SettingsStep } from "./components/settings-step";
export { initialFormValues, toSubscriptionRequest, type SubscriptionFormValues } from "./subscription-form";

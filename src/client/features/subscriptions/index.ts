/* The subscriptions feature's public face: other features (the dashboard, Discover) import only from here. */
// The modal is fetched when first opened (issue 25); its props are a type, so importing them costs nothing.
export { SubscriptionModal } from "./lazy-subscription-modal";
export type { SubscriptionModalProps } from "./subscription-modal";
export {
  useSubscriptions,
  useToggleSubscriptionActive,
  useTopics,
  useDeleteSubscription,
  useDeliveryPause,
  useTopicExhausted,
  useExhaustedSubscriptions,
  type DeliveryPause,
} from "./api";
export { TopicExhaustedNotice } from "./components/topic-exhausted-notice";
export { matchesTopicSearch } from "./topic-search";
export { formatDeliveryInstant, resumeDayText } from "./format";
export { usePlanLimitReached } from "./plan-room";
export { SettingsStep } from "./components/settings-step";
export { initialFormValues, toSubscriptionRequest, type SubscriptionFormValues } from "./subscription-form";

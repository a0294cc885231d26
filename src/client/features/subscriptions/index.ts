/* The subscriptions feature's public face: other features (the dashboard, Discover) import only from here. */
export { SubscriptionModal, type SubscriptionModalProps } from "./subscription-modal";
export {
  useSubscriptions,
  useToggleSubscriptionActive,
  useTopics,
  useDeleteSubscription,
  useDeliveryPause,
  useTopicExhausted,
  type DeliveryPause,
} from "./api";
export { TopicExhaustedNotice } from "./components/topic-exhausted-notice";
export { matchesTopicSearch } from "./topic-search";
export { formatDeliveryInstant, deliveryMethodLabel, resumeDayText } from "./format";
export { usePlanLimitReached } from "./plan-room";
export { SettingsStep } from "./components/settings-step";
export { initialFormValues, toSubscriptionRequest, type SubscriptionFormValues } from "./subscription-form";

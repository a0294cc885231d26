export { useSubscriptions } from "./get-subscriptions";
export { useTopics } from "./get-topics";
export { useCreateSubscription, useEditSubscription } from "./save-subscription";
export { useDeleteSubscription } from "./delete-subscription";
export { useToggleSubscriptionActive } from "./toggle-subscription-active";
export { useSendDemo } from "./send-demo";
export { planErrorOf } from "./plan-error";
export { useDeliveryPause, type DeliveryPause } from "./delivery-pause";
export { useExhaustedSubscriptions, useTopicExhausted } from "./exhausted-subscriptions";

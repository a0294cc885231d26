import { lazyUntilOpen } from "@client/components/ui/lazy-until-open";

/** The subscription modal (both steps, the plan offer, push on this device), fetched when first opened. */
export const SubscriptionModal = lazyUntilOpen(() =>
  import("./subscription-modal").then((module) => module.SubscriptionModal),
);

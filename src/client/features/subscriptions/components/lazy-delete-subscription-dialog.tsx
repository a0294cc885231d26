import { lazyUntilOpen } from "@client/components/ui/lazy-until-open";

/** The delete question (and with it Radix's alert dialog), fetched when a delete is first asked for. */
export const DeleteSubscriptionDialog = lazyUntilOpen(() =>
  import("./delete-subscription-dialog").then((module) => module.DeleteSubscriptionDialog),
);

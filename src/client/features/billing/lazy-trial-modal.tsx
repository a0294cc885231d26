import { lazyUntilOpen } from "@client/components/ui/lazy-until-open";

/** The trial modal (its two steps and the card form), fetched when first opened: the banner loads on every page. */
export const TrialModal = lazyUntilOpen(() => import("./trial-modal").then((module) => module.TrialModal));

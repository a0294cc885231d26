/* The billing feature's public pieces: other features (settings, pricing, dashboard) import from here. */
export { TrialModal } from "./lazy-trial-modal";
export { FreeTrialBanner } from "./free-trial-banner";
export { BillingNotices } from "./billing-notices";
export { CustomerPortalButton } from "./customer-portal-button";
export { Notice } from "./notice";
export { TrialStatusNotice } from "./trial-status-notice";
export { TrialAction } from "./trial-action";
export { TestModeBadge, TEST_PAYMENT_NOTICE } from "./card-form/test-mode-badge";
export { PaymentCardForm } from "./card-form/payment-card-form";
export { CardFormSkeleton } from "./card-form/card-form-skeleton";
export type { CardConfirmResult } from "./card-form/types";
export { formatBillingDate } from "./format";
export { takeTrialRestoreFlag } from "./restore-modal-state";
export {
  canCancelSubscription,
  hasActiveTrial,
  isCancellationScheduled,
  isPastDue,
  isTrialEligible,
} from "./plan-status";
export {
  useKeepSubscription,
  useCancelSubscriptionAction,
  CANCEL_SUBSCRIPTION_CONFIRMATION,
  scheduleText,
} from "./plan-actions";
export * from "./api";

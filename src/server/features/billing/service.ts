/*
 * The billing feature's public entry: its routes and other features (admin, account, the job list, the testing
 * routes) import from here; each flow lives in its own module.
 */

export { listPlans, getStripeConfig, getStripeMode, setStripeMode } from "./configuration";
export { setPlanByAdmin } from "./admin-plan";
export { lastChargeForAdmin, refundLastCharge } from "./refunds";
export { startTrial, confirmTrial, cancelTrial } from "./trial";
export { createPaymentIntent, completeSubscription } from "./checkout";
export { cancelSubscription, downgradeWithSelection, reactivateSubscription } from "./downgrade";
export { createCustomerPortal } from "./customers";
export { validateSubscription } from "./validation";
export { BILLING_SWEEP_INTERVAL_MS, billingSweepJob, runBillingSweep } from "./sweep";
export { handleProviderEvent, receiveStripeWebhook } from "./webhooks";
export { installPayments, payments } from "./providers";
export { BILLING_CLOSE_FAILED_MESSAGE, closeBillingThen } from "./account-closure";

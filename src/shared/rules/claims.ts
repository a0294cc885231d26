import { PREMIUM_FREQUENCIES, SUPPORT_RESPONSE_HOURS } from "../constants";
import { FREQUENCY_LABELS } from "./frequencies";
import { allowsFrequency, type PlanStateHolder } from "./plans";

/**
 * The product's promises worded once from the constants and the plan rules, for the copy that sits next to the
 * spec's own short claims ("Email and in-app delivery", "24/7 support") and says what is true beyond them.
 */

/** "24/7 support" (plans-billing §2): write any time; the Terms' response time. */
export const SUPPORT_REPLY_TEXT = `Write any time; replies within ${SUPPORT_RESPONSE_HOURS} hours`;

/** The feedback page's promise (plans-billing §"Feedback"): about feedback, which is read and weighed, not a request. */
export const FEEDBACK_REPLY_TEXT = "We typically reply within 1-2 business days.";

/** Beside it, so the page agrees with the FAQ and the Terms: a support question gets the Terms' response time. */
export const SUPPORT_QUESTION_REPLY_TEXT = `A question about your account or a payment is answered within ${SUPPORT_RESPONSE_HOURS} hours.`;

/** The channels the spec's "email and in-app" leaves out: push for everyone, SMS on paid plans and trials (allowsSms). */
export const MORE_CHANNELS_TEXT = "Push too, and SMS on paid plans and trials";

/** The frequencies a plan may choose (allowsFrequency): "every frequency", or on Free all but the starred ones. */
export const allowedFrequenciesText = (user: PlanStateHolder): string => {
  const refused = PREMIUM_FREQUENCIES.filter((frequency) => !allowsFrequency(user, frequency));
  return refused.length === 0
    ? "every frequency"
    : `every frequency except ${refused.map((frequency) => FREQUENCY_LABELS[frequency]).join(" and ")}`;
};

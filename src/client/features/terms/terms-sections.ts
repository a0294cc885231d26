import {
  EU_WITHDRAWAL_DAYS,
  FAILED_PAYMENT_SUSPENSION_DAYS,
  PAUSE_MAX_MONTHS,
  PLAN_PRICES_PENCE,
  REFUND_PROCESSING_BUSINESS_DAYS,
  REFUND_WINDOW_DAYS,
  SUPPORT_RESPONSE_HOURS,
  TRIAL_LENGTH_DAYS,
  UPTIME_AIM_PERCENT,
} from "@shared/constants";
import { formatPlanPrice, PLAN_TABLE } from "@shared/rules/billing";

/** A paragraph, a bulleted list, or the support mailbox (unknown until the app config has loaded). */
export type TermsBlock = { paragraph: string } | { list: string[] } | { email: string | undefined };

export interface TermsSection {
  id: string;
  title: string;
  blocks: TermsBlock[];
}

/** Notice periods the Terms promise (plans-billing §9). */
const PRICE_CHANGE_NOTICE_DAYS = 30;
const TERMS_CHANGE_NOTICE_DAYS = 30;

/** The Terms state premium at £8.00 a month (plans-billing §1). */
const PREMIUM_MONTHLY = `£${(PLAN_PRICES_PENCE.premium / 100).toFixed(2)}`;

/** The ten sections of the Terms of Service, in order; the contact section names the support mailbox. */
export function termsSections(supportEmail: string | undefined): TermsSection[] {
  return [
    {
      id: "introduction",
      title: "Introduction",
      blocks: [
        {
          paragraph:
            "Welcome to Jargon. These Terms of Service (the “Terms”) govern your access to and use of the Jargon website, applications and services (together, the “Service”). By creating an account or using the Service you agree to these Terms. If you do not agree, please do not use the Service.",
        },
        {
          paragraph:
            "In these Terms, “we”, “us” and “our” mean Jargon, and “you” means the person using the Service.",
        },
      ],
    },
    {
      id: "service-description",
      title: "Service Description",
      blocks: [
        {
          paragraph:
            "Jargon delivers professional vocabulary (words and terms with their pronunciation, definition and an example) grouped by topic, by email and in-app notification, on a schedule you choose. You can subscribe to topics, save favorites and review the history of what you have received.",
        },
        { paragraph: "The Service is offered on the following plans:" },
        {
          // Each plan as the plans page and the server's plan rules give it (issue 17), from the one plan table.
          list: PLAN_TABLE.filter((plan) => !plan.adminOnly).map(
            (plan) =>
              `${plan.displayName} (${plan.price === 0 ? "no charge" : formatPlanPrice(plan.price)}): ${plan.features.join(", ")}.`,
          ),
        },
        {
          paragraph:
            "We may add, change or remove features and content from time to time, and will tell you in advance of any change that materially reduces what a paid plan includes.",
        },
      ],
    },
    {
      id: "subscription-and-payment",
      title: "Subscription and Payment Terms",
      blocks: [
        {
          paragraph: `The Premium plan costs ${PREMIUM_MONTHLY} per month, billed monthly in advance. Prices include VAT and any other applicable taxes.`,
        },
        {
          paragraph:
            "Payments are processed securely by our card payment provider. We never see or store your full card number.",
        },
        {
          list: [
            `Free trial: new users may start a ${TRIAL_LENGTH_DAYS}-day free trial of Premium, limited to one trial per user. A valid payment card is required and verified when the trial starts, but it is not charged during the trial.`,
            "Unless you cancel before the trial ends, the trial converts automatically into a paid Premium subscription and your card is charged the monthly price.",
            `Price changes: we will give you at least ${PRICE_CHANGE_NOTICE_DAYS} days' notice of any change to the price of your plan. The new price applies from your next billing period after the notice ends.`,
            `Failed payments: if a payment fails we will let you know and retry. If payment is still outstanding after ${FAILED_PAYMENT_SUSPENSION_DAYS} days, we may suspend paid features until it is resolved.`,
          ],
        },
      ],
    },
    {
      id: "cancellation-and-refunds",
      title: "Cancellation and Refunds",
      blocks: [
        {
          list: [
            "You can cancel at any time from Settings.",
            "Cancelling a free trial takes effect immediately: the trial will not turn into a paid plan, and you are not charged. You keep the trial's features until its end date, then your account moves to the free plan.",
            "Cancelling a paid subscription takes effect at the end of the current billing period. You keep Premium until then, after which your account reverts to the free plan.",
            `Refunds: you may request a refund within ${REFUND_WINDOW_DAYS} days of a charge by contacting support. Approved refunds are returned to your original payment method within ${REFUND_PROCESSING_BUSINESS_DAYS} business days. A refunded charge ends the plan it paid for at once, and your account moves to the free plan.`,
            `Right of withdrawal: if you are a consumer in the European Union or the United Kingdom, you may withdraw from a new paid subscription within ${EU_WITHDRAWAL_DAYS} days of purchase and receive a full refund.`,
            `Pausing: instead of cancelling, you may ask to pause your subscription for up to ${PAUSE_MAX_MONTHS} months.`,
          ],
        },
      ],
    },
    {
      id: "user-obligations",
      title: "User Obligations and Acceptable Use",
      blocks: [
        { paragraph: "When you use the Service you agree to:" },
        {
          list: [
            "keep your account secure and not share your access with others;",
            "provide accurate information and keep it up to date;",
            "use the content for your own personal learning, and not copy, resell or redistribute it in bulk;",
            "not attempt to disrupt, overload, reverse engineer or gain unauthorised access to the Service;",
            "not use the Service for anything unlawful, abusive or infringing the rights of others.",
          ],
        },
        {
          paragraph:
            "We may suspend or close accounts that seriously or repeatedly breach these Terms, and will explain why unless the law prevents us.",
        },
      ],
    },
    {
      id: "privacy-and-data-protection",
      title: "Privacy and Data Protection",
      blocks: [
        { paragraph: "To provide the Service we process the following kinds of data:" },
        {
          list: [
            "Account information: your email address, name and preferences.",
            "Learning progress and interaction data: your subscriptions, deliveries, favorites and history.",
            "Payment information: handled by our card payment provider; we keep only what is needed to manage your plan.",
            "Technical usage data: such as device, browser and log information used to keep the Service secure and reliable.",
          ],
        },
        {
          paragraph:
            "We process your data in line with applicable data protection law, including the UK GDPR and EU GDPR. We never sell your data. You may access, export, correct or delete your data at any time from Settings or by contacting us.",
        },
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of Liability",
      blocks: [
        {
          paragraph: `We aim for ${UPTIME_AIM_PERCENT}% availability of the Service, but we cannot guarantee that it will always be uninterrupted or error-free. The content is provided for educational purposes and is not professional, legal, medical or financial advice.`,
        },
        {
          paragraph:
            "To the extent permitted by law, our total liability to you for any claim arising from the Service is limited to the amount you paid us in the 12 months before the claim. Nothing in these Terms limits liability that cannot be limited by law, or your statutory rights as a consumer.",
        },
      ],
    },
    {
      id: "governing-law",
      title: "Governing Law and Jurisdiction",
      blocks: [
        {
          paragraph:
            "These Terms are governed by the laws of England and Wales, and disputes are subject to the jurisdiction of the courts of England and Wales. If you are a consumer living elsewhere, you also keep the protection of the mandatory laws of your country and may bring proceedings there.",
        },
      ],
    },
    {
      id: "changes-to-terms",
      title: "Changes to These Terms",
      blocks: [
        {
          paragraph: `We may update these Terms from time to time. We will notify you of significant changes by email or in the app at least ${TERMS_CHANGE_NOTICE_DAYS} days before they take effect. If you continue to use the Service after that date, the updated Terms apply; if you do not agree, you may cancel before then.`,
        },
      ],
    },
    {
      id: "contact-information",
      title: "Contact Information",
      blocks: [
        {
          paragraph:
            "Questions about these Terms, your subscription or your data? Email our support team, or use the Feedback page in the app:",
        },
        { email: supportEmail },
        { paragraph: `We respond within ${SUPPORT_RESPONSE_HOURS} hours.` },
      ],
    },
  ];
}

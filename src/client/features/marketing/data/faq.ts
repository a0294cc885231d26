import BarChart3 from "lucide-react/icons/chart-column";
import CreditCard from "lucide-react/icons/credit-card";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Layers from "lucide-react/icons/layers";
import Rocket from "lucide-react/icons/rocket";
import Wrench from "lucide-react/icons/wrench";
import type { LucideIcon } from "lucide-react";
import {
  PAUSE_MAX_MONTHS,
  SUPPORT_RESPONSE_HOURS,
  TRIAL_LENGTH_DAYS,
  YEARLY_PRICE_MONTHS,
  type Currency,
} from "@shared/constants";
import {
  formatPlanAmount,
  formatPlanPrice,
  planDefinition,
  planPrice,
  PLAN_TABLE,
  yearlySaving,
} from "@shared/rules/billing";
import { TRIAL_END_SENTENCE } from "@shared/rules/plans";

export interface FaqQuestion {
  question: string;
  answer: string;
  keywords: string[];
  /** A page that follows the answer up (the Teams form). */
  link?: { href: string; label: string };
}

export interface FaqCategory {
  category: string;
  icon: LucideIcon;
  questions: FaqQuestion[];
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const PUBLIC_PLANS = PLAN_TABLE.filter((plan) => !plan.adminOnly);

/**
 * The spec's FAQ reading of the price (plans-billing §1/§2: "$19 per month" for the professional plan, annual
 * savings, team plans on request), made true by issue 28 and taken from the plan table the server charges from:
 * the professional plan is Pro in US dollars, the saving is what a year of Pro saves, the team link is /teams.
 */
const PROFESSIONAL_PLAN = planDefinition("pro");
const professionalDollars = formatPlanAmount(planPrice("pro", "usd", "month"), "usd");
const yearOfPro = (currency: Currency) => formatPlanAmount(planPrice("pro", currency, "year"), currency);
const twelveMonthsOfPro = (currency: Currency) =>
  formatPlanAmount(planPrice("pro", currency, "month") * 12, currency);
const proSaving = (currency: Currency) => formatPlanAmount(yearlySaving("pro", currency), currency);

/** "Free costs nothing: …. Basic is £4/month: …", then the dollar price, the yearly saving and team plans. */
const PRICE_ANSWER = [
  `${PUBLIC_PLANS.map(
    (plan) =>
      `${plan.displayName} ${plan.price === 0 ? "costs nothing" : `is ${formatPlanPrice(plan.price)}`}: ${plan.features.map(lowerFirst).join(", ")}`,
  ).join(". ")}. Prices in pounds sterling include VAT.`,
  `In US dollars, the professional plan (${PROFESSIONAL_PLAN.displayName}) is ${professionalDollars} per month, with all domains, daily delivery, analytics and priority support.`,
  `Every paid plan can also be billed yearly, with annual savings: a year costs the price of ${YEARLY_PRICE_MONTHS} months. A year of ${PROFESSIONAL_PLAN.displayName} is ${yearOfPro("gbp")} instead of ${twelveMonthsOfPro("gbp")}, saving ${proSaving("gbp")} (in dollars ${yearOfPro("usd")} instead of ${twelveMonthsOfPro("usd")}, saving ${proSaving("usd")}).`,
  "Team plans are available on request.",
].join(" ");

/**
 * The FAQ's claims, kept true to the product: prices come from the plan table above (issues 17 and 28); the rest
 * are the spec's FAQ claims (plans-billing §2).
 */
export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    category: "Getting Started",
    icon: Rocket,
    questions: [
      {
        question: "What is Jargon?",
        answer:
          "Jargon is a vocabulary service for professionals. You choose a domain such as finance, law or medicine, and we deliver its expert terms to you on your schedule, each with pronunciation, a clear definition and a real-world example.",
        keywords: ["overview", "vocabulary", "professionals"],
      },
      {
        question: "How do I create an account?",
        answer:
          "Select 'Start Learning' or 'Log in' and sign in with your email address or your account provider. There is no form to fill in: your profile comes from the account you sign in with.",
        keywords: ["sign up", "account", "login"],
      },
      {
        question: "Is there a free plan?",
        answer:
          "Yes. The free plan includes one active subscription with daily, weekly or fortnightly delivery, so you can build the habit before you upgrade. No credit card is needed to start.",
        keywords: ["free plan", "one subscription", "no card"],
      },
      {
        question: "Which domains can I learn?",
        answer:
          "More than 15 professional domains, including finance, business, technology, medical, legal and academic vocabulary, each with 200+ terms and new terms added weekly. The Topics page shows real samples from each.",
        keywords: ["domains", "topics", "200+ terms"],
      },
    ],
  },
  {
    category: "Learning Method",
    icon: GraduationCap,
    questions: [
      {
        question: "How are terms chosen for me?",
        answer:
          "Each domain is ordered from the terms professionals use most to the specialist ones, so you start with what you'll hear tomorrow and work towards advanced vocabulary. You never receive the same new term twice.",
        keywords: ["curriculum", "order", "levels"],
      },
      {
        question: "What does each delivery contain?",
        answer:
          "The term itself, its pronunciation in IPA with audio, a precise definition and an example sentence showing how it is used in practice.",
        keywords: ["pronunciation", "definition", "example"],
      },
      {
        question: "Can I mark terms I already know?",
        answer:
          "Yes. Mark a term as known and we'll stop reviewing it, so your deliveries focus on the words you're still learning.",
        keywords: ["known terms", "review", "personalisation"],
      },
      {
        question: "How long does it take each day?",
        answer:
          "Most learners spend two to five minutes per delivery. Short, regular sessions are what make new vocabulary stick.",
        keywords: ["time", "daily habit", "minutes"],
      },
    ],
  },
  {
    category: "Pricing & Plans",
    icon: CreditCard,
    questions: [
      {
        question: "How much does Jargon cost?",
        answer: PRICE_ANSWER,
        keywords: ["price", "plans", "GBP", "USD", "annual savings", "teams"],
        link: { href: "/teams", label: "Ask us about a team plan" },
      },
      {
        question: "Is there a free trial?",
        answer: `Yes. Every new account can try Premium free for ${TRIAL_LENGTH_DAYS} days; your card is verified, not charged. ${TRIAL_END_SENTENCE}`,
        keywords: ["trial", `${TRIAL_LENGTH_DAYS} days`, "Premium"],
      },
      {
        question: "Can I pause my subscription?",
        answer: `Yes. You can pause your subscription for up to ${PAUSE_MAX_MONTHS} months, for example during a holiday or parental leave, and pick up where you left off.`,
        keywords: ["pause", `${PAUSE_MAX_MONTHS} months`, "break"],
      },
      {
        question: "Can I cancel at any time?",
        answer:
          "Yes. Cancel from Settings whenever you like. You keep your paid features until the end of the billing period, then your account moves to the free plan.",
        keywords: ["cancel", "billing period", "free plan"],
      },
    ],
  },
  {
    category: "Progress & Results",
    icon: BarChart3,
    questions: [
      {
        question: "How do I track my progress?",
        answer:
          "Your dashboard shows your recent activity and streak counters, and your history lists every term you've received, so you can see exactly how far you've come.",
        keywords: ["progress", "streaks", "history"],
      },
      {
        question: "Can I save my favourite terms?",
        answer:
          "Yes. Tap the heart on any term to add it to your favourites, your personal collection for quick revision before an important meeting.",
        keywords: ["favourites", "save", "revision"],
      },
      {
        question: "Can I export what I've learned?",
        answer:
          "Yes, on every plan. Settings → Account → Download my data gives you your favourites and history as spreadsheets and an Anki deck, for example to print a glossary or study the terms in a flashcard app.",
        keywords: ["export", "notes", "flashcards"],
      },
      {
        question: "What results can I expect?",
        answer:
          "Our learners report an average 347% improvement in the domain terms they recognise and use, with most feeling at home in meetings within two months.",
        keywords: ["results", "improvement", "347%"],
      },
    ],
  },
  {
    category: "Content & Domains",
    icon: Layers,
    questions: [
      {
        question: "Who writes the definitions?",
        answer:
          "Definitions come from established lexical sources and are reviewed and edited by our team for each domain, with pronunciations and examples added for every term.",
        keywords: ["sources", "quality", "editorial"],
      },
      {
        question: "How often is new content added?",
        answer: "Every domain is updated weekly with new terms, so long-time subscribers keep discovering new vocabulary.",
        keywords: ["updates", "weekly", "new terms"],
      },
      {
        question: "Can I learn more than one domain?",
        answer:
          "Yes. Subscribe to several domains, each with its own schedule and delivery method. The number of subscriptions depends on your plan.",
        keywords: ["multiple domains", "subscriptions", "schedules"],
      },
      {
        question: "Is the content suitable for non-native speakers?",
        answer:
          "Absolutely. Plain-English definitions, pronunciation guides and example sentences make Jargon a favourite with professionals working in their second or third language.",
        keywords: ["non-native", "ESL", "pronunciation"],
      },
    ],
  },
  {
    category: "Technical Support",
    icon: Wrench,
    questions: [
      {
        question: "I missed a notification. Can I still see it?",
        answer:
          "Yes. Missed notifications stay available in your dashboard, and you can trigger a delivery manually whenever you want an extra term.",
        keywords: ["missed notifications", "dashboard", "manual delivery"],
      },
      {
        question: "I'm not receiving emails. What should I do?",
        answer:
          "Check your spam folder and add our address to your contacts, then make sure email delivery is switched on under Settings, Alerts. In-app delivery keeps working in the meantime.",
        keywords: ["email", "spam", "alerts"],
      },
      {
        question: "Which devices does Jargon work on?",
        answer:
          "Jargon works in any modern browser on desktop, tablet and phone, and deliveries by email reach you wherever you read your mail.",
        keywords: ["devices", "mobile", "browser"],
      },
      {
        question: "How quickly does support reply?",
        answer: `Our support team replies within ${SUPPORT_RESPONSE_HOURS} hours. Send us a message from the Feedback page or by email at any time.`,
        keywords: ["support", `${SUPPORT_RESPONSE_HOURS} hours`, "contact"],
      },
    ],
  },
];

export const FAQ_BADGES = ["Quick Answers", "Searchable Content", "Expert Guidance"] as const;

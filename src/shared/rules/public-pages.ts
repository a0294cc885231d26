import { TERMS_PER_DOMAIN_CLAIM } from "../constants";

/**
 * The public pages' search and sharing metadata (plans-billing §2 "Public marketing pages", Terms).
 * The client sets it when a page renders; the server writes it into index.html for crawlers that run no script.
 */
export interface PublicPageMeta {
  /** The page's own title, before the site suffix. */
  title: string;
  description: string;
}

export const SITE_NAME = "Jargon";

export const PUBLIC_PAGE_META = {
  "/": {
    title: "Expert vocabulary, delivered",
    description:
      "Learn the professional vocabulary of finance, politics, sports, religion, philosophy and more: expert terms delivered by email, in the app and on your phone.",
  },
  "/topics": {
    title: "Explore Topics",
    description: `Sample the professional vocabulary of finance, business, technology, medicine, law and academia: real terms at beginner, intermediate and advanced level, ${TERMS_PER_DOMAIN_CLAIM} per domain.`,
  },
  "/how-it-works": {
    title: "How It Works",
    description:
      "Choose a domain, set your schedule, receive expert terms by email or in the app, and track your progress. See how Jargon builds professional vocabulary in minutes a day.",
  },
  "/testimonials": {
    title: "Success Stories",
    description:
      "How analysts, clinicians, lawyers, engineers and researchers use Jargon to speak the language of their field with confidence, in their own words.",
  },
  "/faq": {
    title: "Frequently Asked Questions",
    description:
      "Answers about getting started with Jargon, the learning method, pricing and plans, progress tracking, content and technical support.",
  },
  "/about": {
    title: "About Jargon",
    description:
      "Jargon's mission is to make expert vocabulary accessible to every professional. Meet the team, our values and the institutions we work with.",
  },
  "/terms": {
    title: "Terms of Service",
    description:
      "The terms that apply to your use of Jargon: subscriptions and payment, the free trial, cancellation and refunds, acceptable use, privacy and your rights.",
  },
} as const satisfies Record<string, PublicPageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;

/** The browser tab and share title: "Explore Topics · Jargon". */
export function documentTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}

/**
 * The prerendered public pages are built before the server's configuration is known: they carry this address
 * where the support address goes (the Terms), and the server puts SUPPORT_EMAIL in its place.
 */
export const PRERENDERED_SUPPORT_EMAIL = "support-address@prerendered.invalid";

import ChevronDown from "lucide-react/icons/chevron-down";
import Compass from "lucide-react/icons/compass";
import HelpCircle from "lucide-react/icons/circle-question-mark";
import Search from "lucide-react/icons/search";
import Zap from "lucide-react/icons/zap";
import { Link } from "wouter";
import { PublicPageMeta } from "@client/components/layout/public-page-meta";
import { Button } from "@client/components/ui/button";
import { ClosingPanel, PANEL_PRIMARY, PANEL_SECONDARY } from "./components/closing-panel";
import { GetStartedButton } from "./components/get-started-button";
import { MarketingHero } from "./components/marketing-hero";
import { FAQ_BADGES, FAQ_CATEGORIES, type FaqCategory } from "./data/faq";

const BADGE_ICONS = {
  "Quick Answers": Zap,
  "Searchable Content": Search,
  "Expert Guidance": Compass,
} as const;

/**
 * One question open on the whole page: every answer is a <details> of one exclusive group, so opening another
 * closes it and its own summary closes it again, with no script (the page is prerendered; answers stay in the
 * HTML for readers without JavaScript and for the browser's find-in-page).
 */
const FAQ_GROUP = "faq";

export default function FaqPage() {
  return (
    <>
      <PublicPageMeta path="/faq" />
      <MarketingHero
        eyebrow={
          <>
            <HelpCircle className="size-4 text-primary" aria-hidden />
            Help centre
          </>
        }
        title="Frequently Asked Questions"
        lead="Everything you need to know about learning with Jargon, from your first delivery to your hundredth term. Can't find your answer? Our team replies within a day."
      >
        <GetStartedButton size="lg">Start Learning</GetStartedButton>
      </MarketingHero>

      <ul aria-label="What you'll find here" className="-mt-4 mb-10 flex flex-wrap justify-center gap-2 px-4">
        {FAQ_BADGES.map((badge) => {
          const Icon = BADGE_ICONS[badge];
          return (
            <li
              key={badge}
              className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground"
            >
              <Icon className="size-4" aria-hidden />
              {badge}
            </li>
          );
        })}
      </ul>

      <div className="mx-auto grid max-w-7xl items-start gap-5 px-4 pb-6 sm:px-6 lg:grid-cols-2 lg:px-8">
        {FAQ_CATEGORIES.map((category) => (
          <FaqCategoryCard key={category.category} category={category} />
        ))}
      </div>

      <ClosingPanel
        id="faq-cta-title"
        title="Still Have Questions?"
        lead="Try Jargon yourself, or read how professionals in your field use it every day."
      >
        <GetStartedButton size="lg" signedInHref="/pricing" className={PANEL_PRIMARY}>
          Start Free Trial
        </GetStartedButton>
        <Button asChild size="lg" variant="outline" className={PANEL_SECONDARY}>
          <Link href="/testimonials">Read Success Stories</Link>
        </Button>
      </ClosingPanel>
    </>
  );
}

function FaqCategoryCard({ category: { category, icon: Icon, questions } }: { category: FaqCategory }) {
  const headingId = `faq-${category.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold">
        <span className="grid size-10 place-items-center rounded-xl bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        {category}
      </h2>
      <div className="mt-2">
        {questions.map(({ question, answer, keywords, link }) => (
          <details key={question} name={FAQ_GROUP} className="group border-b border-border last:border-b-0">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <div className="pb-4 text-sm">
              <p className="leading-relaxed text-muted-foreground">{answer}</p>
              {link ? (
                <Link
                  href={link.href}
                  className="mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline"
                >
                  {link.label}
                </Link>
              ) : null}
              <ul aria-label="Keywords" className="mt-3 flex flex-wrap gap-1.5">
                {keywords.map((keyword) => (
                  <li key={keyword} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
                    {keyword}
                  </li>
                ))}
              </ul>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}

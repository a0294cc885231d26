import { Compass, HelpCircle, Search, Zap } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { PublicPageMeta } from "../../components/layout/public-page-meta";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";
import { Button } from "../../components/ui/button";
import { ClosingPanel, PANEL_PRIMARY, PANEL_SECONDARY } from "./components/closing-panel";
import { GetStartedButton } from "./components/get-started-button";
import { MarketingHero } from "./components/marketing-hero";
import { FAQ_BADGES, FAQ_CATEGORIES, type FaqCategory } from "./data/faq";

const BADGE_ICONS = {
  "Quick Answers": Zap,
  "Searchable Content": Search,
  "Expert Guidance": Compass,
} as const;

const itemId = (category: string, index: number) => `${category}-${index}`;

export default function FaqPage() {
  // One question open on the whole page: opening another closes it, its own trigger closes it again.
  const [openItem, setOpenItem] = useState("");
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
          <FaqCategoryCard
            key={category.category}
            category={category}
            openItem={openItem}
            onOpenItemChange={setOpenItem}
          />
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

function FaqCategoryCard({
  category: { category, icon: Icon, questions },
  openItem,
  onOpenItemChange,
}: {
  category: FaqCategory;
  openItem: string;
  onOpenItemChange: (value: string) => void;
}) {
  const headingId = `faq-${category.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  const ownsOpenItem = questions.some((_, index) => itemId(category, index) === openItem);
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
      <Accordion
        type="single"
        collapsible
        value={ownsOpenItem ? openItem : ""}
        onValueChange={onOpenItemChange}
        className="mt-2"
      >
        {questions.map(({ question, answer, keywords }, index) => (
          <AccordionItem key={question} value={itemId(category, index)}>
            <AccordionTrigger className="text-base">{question}</AccordionTrigger>
            <AccordionContent>
              <p className="leading-relaxed text-muted-foreground">{answer}</p>
              <ul aria-label="Keywords" className="mt-3 flex flex-wrap gap-1.5">
                {keywords.map((keyword) => (
                  <li key={keyword} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
                    {keyword}
                  </li>
                ))}
              </ul>
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

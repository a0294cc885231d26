import Check from "lucide-react/icons/check";
import Sparkles from "lucide-react/icons/sparkles";
import Volume2 from "lucide-react/icons/volume-2";
import { Link } from "wouter";
import { PublicPageMeta } from "@client/components/layout/public-page-meta";
import { Button } from "@client/components/ui/button";
import { ClosingPanel, PANEL_PRIMARY, PANEL_SECONDARY } from "./components/closing-panel";
import { IconCard } from "./components/icon-card";
import { MarketingHero } from "./components/marketing-hero";
import { PageSection } from "./components/page-section";
import { FeaturedTestimonial } from "./components/testimonial-card";
import { FEATURES, SAMPLE_DELIVERY, STEPS } from "./data/how-it-works";
import { FEATURED_TESTIMONIAL } from "./data/testimonials";

export default function HowItWorksPage() {
  return (
    <>
      <PublicPageMeta path="/how-it-works" />
      <MarketingHero
        eyebrow={
          <>
            <Sparkles className="size-4 text-primary" aria-hidden />
            Four steps, a few minutes a day
          </>
        }
        title="How Jargon Works"
        lead="Choose a domain, tell us when you want to learn, and expert terms arrive with pronunciation, definition and example. Your vocabulary grows while you get on with your day."
      >
        <Button asChild size="lg">
          <Link href="/topics">Explore Topics</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/pricing">View Pricing</Link>
        </Button>
      </MarketingHero>

      <section
        aria-labelledby="steps-title"
        className="mx-auto max-w-7xl px-4 pb-14 sm:px-6 sm:pb-20 lg:px-8"
      >
        <h2 id="steps-title" className="sr-only">
          The four steps
        </h2>
        <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ title, description, details, icon: Icon }, index) => (
            <li
              key={title}
              className="relative flex flex-col rounded-2xl border border-border bg-card p-6 shadow-xs"
            >
              <div className="flex items-center justify-between">
                <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
                  <Icon className="size-6" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {details.map((detail) => (
                  <li key={detail} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {detail}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <PageSection
        id="features-title"
        eyebrow="Features"
        title="Everything you need to learn like an expert"
        lead="Each delivery is built to make a new term stick, and everything you learn stays with you."
        tinted
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, icon }) => (
            <IconCard key={title} title={title} description={description} icon={icon} />
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="sample-title"
        eyebrow="A sample delivery"
        title="What arrives in your inbox"
        lead="One term, everything you need to use it: here is a typical daily delivery from the finance domain."
      >
        <SampleDelivery />
      </PageSection>

      <section aria-labelledby="story-title" className="bg-surface py-14 sm:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <h2 id="story-title" className="sr-only">
            A learner's story
          </h2>
          <FeaturedTestimonial testimonial={FEATURED_TESTIMONIAL} />
        </div>
      </section>

      <ClosingPanel
        id="how-cta-title"
        title="Ready to choose your domain?"
        lead="Browse real terms from every domain and find the vocabulary you need."
      >
        <Button asChild size="lg" className={PANEL_PRIMARY}>
          <Link href="/topics">Explore Topics</Link>
        </Button>
        <Button asChild size="lg" variant="outline" className={PANEL_SECONDARY}>
          <Link href="/testimonials">Read Success Stories</Link>
        </Button>
      </ClosingPanel>
    </>
  );
}

function SampleDelivery() {
  const sample = SAMPLE_DELIVERY;
  return (
    <figure className="mx-auto max-w-xl rounded-3xl border border-border bg-card p-6 shadow-xl shadow-indigo-500/10 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          {sample.topic}
        </span>
        <span className="text-xs font-medium text-muted-foreground">{sample.schedule}</span>
      </div>
      <p className="mt-6 flex items-center gap-3">
        <span className="text-3xl font-bold tracking-tight">{sample.word}</span>
        <Volume2 className="size-5 text-muted-foreground" aria-hidden />
      </p>
      <p className="mt-1 font-mono text-sm text-muted-foreground">
        {sample.pronunciation} · {sample.partOfSpeech}
      </p>
      <p className="mt-5 leading-relaxed">{sample.definition}</p>
      <blockquote className="mt-4 border-l-2 border-primary/60 pl-4 text-sm text-muted-foreground italic">
        “{sample.example}”
      </blockquote>
      <figcaption className="sr-only">A sample daily delivery</figcaption>
    </figure>
  );
}

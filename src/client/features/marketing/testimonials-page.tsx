import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import Star from "lucide-react/icons/star";
import TrendingUp from "lucide-react/icons/trending-up";
import { Link } from "wouter";
import { PublicPageMeta } from "@client/components/layout/public-page-meta";
import { Button } from "@client/components/ui/button";
import { ClosingPanel, PANEL_PRIMARY, PANEL_SECONDARY } from "./components/closing-panel";
import { GetStartedButton } from "./components/get-started-button";
import { InitialsAvatar } from "./components/initials-avatar";
import { MarketingHero } from "./components/marketing-hero";
import { PageSection } from "./components/page-section";
import { RatingStars } from "./components/rating-stars";
import { FeaturedTestimonial } from "./components/testimonial-card";
import {
  FEATURED_TESTIMONIAL,
  RESULT_POINTS,
  SUCCESS_STATS,
  TESTIMONIALS,
  type Testimonial,
} from "./data/testimonials";

export default function TestimonialsPage() {
  return (
    <>
      <PublicPageMeta path="/testimonials" />
      <MarketingHero
        eyebrow={
          <>
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
            Rated 4.9/5 by our learners
          </>
        }
        title="Success Stories"
        lead="Analysts, clinicians, lawyers, engineers and researchers on how a few minutes a day with Jargon changed the way they speak about their work."
      >
        <Button asChild size="lg">
          <Link href="/topics">Explore Topics</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/how-it-works">How It Works</Link>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <Link href="/pricing">View Pricing</Link>
        </Button>
      </MarketingHero>

      <section aria-label="Results in numbers" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {SUCCESS_STATS.map(({ value, label, icon: Icon }) => (
            <div
              key={label}
              className="flex flex-col rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
            >
              <Icon className="size-5 text-primary" aria-hidden />
              <dt className="order-2 mt-1 text-sm text-muted-foreground">{label}</dt>
              <dd className="order-1 mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="featured-title"
        className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8"
      >
        <h2
          id="featured-title"
          className="mb-6 text-center text-sm font-semibold tracking-wide text-primary uppercase"
        >
          Featured story
        </h2>
        <FeaturedTestimonial testimonial={FEATURED_TESTIMONIAL} />
      </section>

      <PageSection
        id="stories-title"
        eyebrow="In their words"
        title="Professionals in every field"
        lead="Six learners, six domains, one habit: a few expert terms a day."
        tinted
      >
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="results-title"
        eyebrow="Results"
        title="What our learners achieve"
        lead="The outcomes we hear about most often, from every domain."
      >
        <ul className="mx-auto grid max-w-3xl gap-3">
          {RESULT_POINTS.map((point) => (
            <li
              key={point}
              className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-xs"
            >
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <ClosingPanel
        id="stories-cta-title"
        title="Write your own success story"
        lead="Join 10,000+ professionals learning the language of their field."
      >
        <GetStartedButton size="lg" className={PANEL_PRIMARY}>
          Start Learning
        </GetStartedButton>
        <Button asChild size="lg" variant="outline" className={PANEL_SECONDARY}>
          <Link href="/pricing">View Pricing</Link>
        </Button>
      </ClosingPanel>
    </>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-xs">
      <div className="flex items-center justify-between gap-3">
        <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
          {testimonial.domain}
        </span>
        <RatingStars rating={testimonial.rating} />
      </div>
      <blockquote className="mt-4 flex-1 text-sm leading-relaxed">“{testimonial.quote}”</blockquote>
      <dl className="mt-5 grid gap-2 rounded-xl bg-muted/60 p-3 text-sm">
        <div className="flex items-center gap-2">
          <TrendingUp className="size-4 shrink-0 text-success" aria-hidden />
          <dt className="sr-only">Improvement</dt>
          <dd className="font-semibold">{testimonial.improvement}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">Timeframe</dt>
          <dd className="text-muted-foreground">In {testimonial.timeframe}</dd>
        </div>
      </dl>
      <figcaption className="mt-5 flex items-center gap-3">
        <InitialsAvatar initials={testimonial.initials} className="size-10 text-sm" />
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-muted-foreground">
            {testimonial.role} · {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

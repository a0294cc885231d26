import BookOpen from "lucide-react/icons/book-open";
import Library from "lucide-react/icons/library";
import { Link } from "wouter";
import { PublicPageMeta } from "@client/components/layout/public-page-meta";
import { Button } from "@client/components/ui/button";
import { useTopicSamples } from "./api/get-topic-samples";
import { ClosingPanel, PANEL_PRIMARY, PANEL_SECONDARY } from "./components/closing-panel";
import { DomainSampleCard, DomainSampleCardSkeleton } from "./components/domain-sample-card";
import { GetStartedButton } from "./components/get-started-button";
import { MarketingHero } from "./components/marketing-hero";
import { SamplesError } from "./components/samples-error";
import { SAMPLES_GRID_ID } from "./components/sample-card-dom";
import { TERMS_PER_DOMAIN_NOTE } from "./data/topics";

const SAMPLED_DOMAINS = 6;

export default function TopicsPage() {
  const samples = useTopicSamples();
  return (
    <>
      <PublicPageMeta path="/topics" />
      <MarketingHero
        eyebrow={
          <>
            <Library className="size-4 text-primary" aria-hidden />
            15+ professional domains
          </>
        }
        title="Explore Topics"
        lead="Real terms from our library, from the words every newcomer needs to the vocabulary of seasoned experts. Pick a domain and we'll deliver it on your schedule."
      >
        <Button asChild size="lg">
          <Link href="/how-it-works">See How It Works</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/pricing">View Pricing</Link>
        </Button>
      </MarketingHero>

      <section
        aria-labelledby="samples-title"
        className="mx-auto max-w-7xl px-4 pb-4 sm:px-6 sm:pb-6 lg:px-8"
      >
        <h2 id="samples-title" className="sr-only">
          Sample domains
        </h2>
        {samples.isError ? (
          <SamplesError onRetry={() => void samples.refetch()} />
        ) : (
          <div
            id={SAMPLES_GRID_ID}
            className="grid gap-5 md:grid-cols-2 xl:grid-cols-3"
            aria-busy={samples.isPending}
          >
            {samples.data
              ? samples.data.topics.map((sample) => <DomainSampleCard key={sample.name} sample={sample} />)
              : Array.from({ length: SAMPLED_DOMAINS }, (_, index) => (
                  <DomainSampleCardSkeleton key={index} />
                ))}
          </div>
        )}

        <aside className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-primary/25 bg-accent/60 p-6 sm:flex-row sm:items-center sm:p-8">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground">
            <BookOpen className="size-6" aria-hidden />
          </span>
          <div>
            <h2 className="text-lg font-semibold">{TERMS_PER_DOMAIN_NOTE.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground sm:text-base">{TERMS_PER_DOMAIN_NOTE.body}</p>
          </div>
        </aside>
      </section>

      <ClosingPanel
        id="topics-cta-title"
        title="Find the vocabulary of your field"
        lead="Start with one domain for free and add more whenever you're ready."
      >
        <GetStartedButton size="lg" className={PANEL_PRIMARY}>
          Start Learning
        </GetStartedButton>
        <Button asChild size="lg" variant="outline" className={PANEL_SECONDARY}>
          <Link href="/pricing">Compare Plans</Link>
        </Button>
      </ClosingPanel>
    </>
  );
}

import type { TopicSample } from "@shared/api/topics";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";
import { LEVEL_TONES } from "../data/level-tones";
import { DEFAULT_DOMAIN_LOOK, DOMAIN_LOOKS } from "../data/topics";

const CARD = "flex flex-col rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6";

/**
 * One sampled domain: its icon, name, size and three real words, each with its level badge. The data-field marks
 * let the prerendered /topics page fill a copy of this card without React (sample-card-dom.ts).
 */
export function DomainSampleCard({ sample }: { sample: TopicSample }) {
  const titleId = `domain-${sample.name}`;
  const { icon: Icon, tone } = DOMAIN_LOOKS[sample.name] ?? DEFAULT_DOMAIN_LOOK;
  return (
    <article aria-labelledby={titleId} className={CARD}>
      <div className="flex items-start gap-4">
        <span className={cn("grid size-12 shrink-0 place-items-center rounded-xl", tone)}>
          <Icon className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 id={titleId} data-field="name" className="text-lg font-semibold">
            {sample.displayName}
          </h3>
          <p data-field="count" className="text-sm text-muted-foreground">
            {sample.wordCount} terms
          </p>
        </div>
      </div>
      <p data-field="description" className="mt-3 text-sm text-muted-foreground">
        {sample.description}
      </p>
      <ul data-field="words" aria-label={`Sample ${sample.displayName} terms`} className="mt-5 space-y-3">
        {sample.words.map((word) => (
          <li key={word.word} className="rounded-xl bg-muted/60 p-3">
            <div className="flex items-start justify-between gap-3">
              <p data-field="word" className="font-semibold capitalize">
                {word.word}
              </p>
              <span
                data-field="level"
                className={cn(
                  "shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold",
                  LEVEL_TONES[word.level],
                )}
              >
                {word.level}
              </span>
            </div>
            {word.pronunciation ? (
              <p data-field="pronunciation" className="font-mono text-xs text-muted-foreground">
                {word.pronunciation}
              </p>
            ) : null}
            <p data-field="definition" className="mt-1 text-sm text-muted-foreground">
              {word.definition}
            </p>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The card's shape while the samples load, so nothing moves when they arrive. */
export function DomainSampleCardSkeleton() {
  return (
    <div aria-hidden className={CARD}>
      <div className="flex items-start gap-4">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex-1 space-y-2 pt-1">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-4 w-20" />
        </div>
      </div>
      <Skeleton className="mt-3 h-10 w-full" />
      <div className="mt-5 space-y-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-[6.5rem] w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}

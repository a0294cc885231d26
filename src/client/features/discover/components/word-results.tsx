import type { WordSearchResult } from "@shared/api/search";

/**
 * Words of the library that match the search (issue 29), each with the topic it is in. A topic the learner can still
 * subscribe to is a button that opens the subscription modal on it; one they already have says so.
 */
export function WordResults({
  query,
  words,
  subscribedTopicIds,
  onChooseTopic,
}: {
  query: string;
  words: readonly WordSearchResult[];
  subscribedTopicIds: ReadonlySet<number>;
  onChooseTopic(topicId: number): void;
}) {
  return (
    <section aria-labelledby="word-results-heading" className="mt-8">
      <h2 id="word-results-heading" className="text-lg font-semibold">
        Words matching “{query}”
      </h2>
      {words.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No words in the library match this search.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-card">
          {words.map((result) => (
            <li key={result.wordId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{result.word}</p>
                <p className="line-clamp-2 text-sm text-muted-foreground">{result.definition}</p>
              </div>
              {subscribedTopicIds.has(result.topic.id) ? (
                <p className="shrink-0 text-sm text-muted-foreground">
                  In {result.topic.displayName}, which you subscribe to
                </p>
              ) : (
                <button
                  type="button"
                  aria-label={`In ${result.topic.displayName}: subscribe`}
                  onClick={() => onChooseTopic(result.topic.id)}
                  className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-lg border border-border px-3 text-sm font-medium hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-ring sm:self-auto"
                >
                  <span aria-hidden>{result.topic.icon}</span>
                  <span>In {result.topic.displayName}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

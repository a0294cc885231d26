import CheckCircle2 from "lucide-react/icons/circle-check";
import CloudOff from "lucide-react/icons/cloud-off";
import Lock from "lucide-react/icons/lock";
import SearchX from "lucide-react/icons/search-x";
import { useMemo, useState } from "react";
import { Link, useSearch } from "wouter";
import type { Topic } from "@shared/api/topics";
import { DISCOVER_ALL_TAB, DISCOVER_TABS, type DiscoverTab } from "@shared/rules/topic-tabs";
import { EmptyState } from "@client/components/layout/empty-state";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { SearchInput } from "@client/components/ui/search-input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import {
  matchesTopicSearch,
  SubscriptionModal,
  usePlanLimitReached,
  useSubscriptions,
  useTopics,
} from "../subscriptions";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { WORD_SEARCH_MIN_LENGTH } from "@shared/api/search-values";
import { useWordSearch } from "./api/word-search";
import { TopicCard, TopicGridSkeleton } from "./components/topic-card";
import { WordResults } from "./components/word-results";

type ShownTab = DiscoverTab | typeof DISCOVER_ALL_TAB;
const SHOWN_TABS: readonly ShownTab[] = [DISCOVER_ALL_TAB, ...DISCOVER_TABS];
const isShownTab = (value: string): value is ShownTab => (SHOWN_TABS as readonly string[]).includes(value);

/** learner-core §2 "Discover": topics the user has not subscribed to, by tab and search; a click subscribes. */
export default function DiscoverPage() {
  const topics = useTopics();
  const subscriptions = useSubscriptions();
  const [search, setSearch] = useState("");
  // `?tab=Pro` opens on that tab: a subscription whose topic ran out links here for related topics.
  const requestedTab = new URLSearchParams(useSearch()).get("tab") ?? "";
  const [tab, setTab] = useState<ShownTab>(isShownTab(requestedTab) ? requestedTab : DISCOVER_ALL_TAB);
  const [chosenTopicId, setChosenTopicId] = useState<number | null>(null);
  const planLimit = usePlanLimitReached();
  const wordQuery = useDebouncedValue(search.trim());
  const words = useWordSearch(wordQuery);

  const subscribedTopicIds = useMemo(
    () => new Set((subscriptions.data ?? []).map((item) => item.topicId)),
    [subscriptions.data],
  );
  const available = useMemo(
    () => (topics.data ?? []).filter((topic) => !subscribedTopicIds.has(topic.id)),
    [topics.data, subscribedTopicIds],
  );
  const shown = available.filter(
    (topic) => (tab === DISCOVER_ALL_TAB || topic.tab === tab) && matchesTopicSearch(topic, search),
  );
  const loading = topics.isLoading || subscriptions.isLoading;
  const failed = topics.isError || subscriptions.isError;
  const searching = search.trim() !== "";

  return (
    <PageContainer>
      <PageHeader
        title="Discover New Topics"
        description="Explore expert vocabulary by domain and subscribe in a click."
      />
      <div className="flex flex-col gap-4">
        {planLimit ? (
          <p
            data-testid="plan-limit-notice"
            className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-primary/25 bg-primary/5 px-4 py-2.5 text-sm"
          >
            <Lock className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 flex-1">{planLimit.message}</span>
            <Link
              href="/pricing"
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              See plans
            </Link>
          </p>
        ) : null}
        <SearchInput
          value={search}
          onValueChange={setSearch}
          placeholder="Search topics, verses, vocabulary..."
          aria-label="Search topics"
          className="w-full sm:max-w-md"
        />
        <Tabs value={tab} onValueChange={(value) => isShownTab(value) && setTab(value)}>
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <TabsList aria-label="Topic categories">
              {SHOWN_TABS.map((name) => (
                <TabsTrigger key={name} value={name}>
                  {name}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <p role="status" className="mt-3 min-h-5 text-sm text-muted-foreground">
            {searching && !loading && !failed ? resultsCount(shown.length, search.trim()) : ""}
          </p>
          {SHOWN_TABS.map((name) => (
            <TabsContent key={name} value={name} className="mt-2">
              {loading ? (
                <TopicGridSkeleton />
              ) : failed ? (
                <EmptyState
                  icon={CloudOff}
                  title="Topics could not be loaded"
                  description="Check your connection and try again."
                  action={
                    <Button
                      variant="outline"
                      onClick={() => void Promise.all([topics.refetch(), subscriptions.refetch()])}
                    >
                      Try Again
                    </Button>
                  }
                />
              ) : available.length === 0 ? (
                <EmptyState
                  icon={CheckCircle2}
                  title="No new topics available"
                  description="You're subscribed to all available topics"
                  action={
                    <Button asChild variant="outline">
                      <Link href="/subscriptions">Manage Subscriptions</Link>
                    </Button>
                  }
                />
              ) : shown.length === 0 ? (
                <EmptyState
                  icon={SearchX}
                  title="No topics found"
                  description="Try another search or category."
                />
              ) : (
                <TopicGrid topics={shown} onChoose={setChosenTopicId} locked={planLimit !== null} />
              )}
            </TabsContent>
          ))}
        </Tabs>
        {wordQuery.length >= WORD_SEARCH_MIN_LENGTH && words.data ? (
          <WordResults
            query={wordQuery}
            words={words.data.words}
            subscribedTopicIds={subscribedTopicIds}
            onChooseTopic={setChosenTopicId}
          />
        ) : null}
      </div>
      <SubscriptionModal
        open={chosenTopicId !== null}
        onOpenChange={(open) => (open ? undefined : setChosenTopicId(null))}
        initialTopicId={chosenTopicId ?? undefined}
      />
    </PageContainer>
  );
}

function resultsCount(count: number, search: string): string {
  return `${count} ${count === 1 ? "topic" : "topics"} found for “${search}”`;
}

function TopicGrid({
  topics,
  onChoose,
  locked,
}: {
  topics: Topic[];
  onChoose(topicId: number): void;
  locked: boolean;
}) {
  return (
    <ul aria-label="Topics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {topics.map((topic) => (
        <li key={topic.id} className="flex">
          <TopicCard topic={topic} onChoose={() => onChoose(topic.id)} locked={locked} />
        </li>
      ))}
    </ul>
  );
}

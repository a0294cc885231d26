import { startOfDay } from "date-fns";
import BookOpen from "lucide-react/icons/book-open";
import Compass from "lucide-react/icons/compass";
import SearchX from "lucide-react/icons/search-x";
import { useEffect, useMemo, useRef, useState } from "react";
import { HISTORY_DATE_PARAM, HISTORY_ENTRY_PARAM } from "@shared/api/history-values";
import { Link, useSearch } from "wouter";
import { EmptyState } from "@client/components/layout/empty-state";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { SearchInput } from "@client/components/ui/search-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { localDateOfDay, localDayOf } from "@client/lib/local-day";
import { useNow } from "@client/lib/use-now";
import { useFavorites, useToggleFavorite } from "../favorites";
import { useHasAnyHistory, useHistory } from "./api/history";
import { useRecordEmailOpen } from "./api/record-email-open";
import { HistoryEntryRow } from "./history-entry-row";
import { groupHistory } from "./history-groups";
import { ViewDatePicker } from "./view-date-picker";
import { localDateFormat } from "@client/lib/local-date-format";

const longDate = localDateFormat({ month: "long", day: "numeric", year: "numeric" });

/**
 * The day and entry the address names (an e-mail's "Open in Jargon" link lands on the word's day with its entry);
 * read once, when the page opens.
 */
function landingFromUrl(search: string): { day: Date | null; entryId: number | null } {
  const params = new URLSearchParams(search);
  const dayText = params.get(HISTORY_DATE_PARAM);
  const day = dayText ? localDateOfDay(dayText) : null;
  const entryId = Number(params.get(HISTORY_ENTRY_PARAM));
  return {
    day,
    entryId: Number.isInteger(entryId) && entryId > 0 ? entryId : null,
  };
}

export default function HistoryPage() {
  useRecordEmailOpen();
  const now = useNow();
  const today = startOfDay(now);
  const address = useSearch();
  const [landing] = useState(() => landingFromUrl(address));
  const [day, setDay] = useState<Date | null>(landing.day ?? today);
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim());
  const filters = useMemo(
    () => ({ date: day ? localDayOf(day) : null, search: debouncedSearch }),
    [day, debouncedSearch],
  );
  const history = useHistory(filters);
  const entries = useMemo(() => history.data?.pages.flatMap((page) => page.entries) ?? [], [history.data]);
  const groups = useMemo(() => groupHistory(entries, now), [entries, now]);
  const filtered = filters.date !== null || filters.search !== "";
  const noneShown = history.isSuccess && !history.isPlaceholderData && entries.length === 0;
  const anyHistory = useHasAnyHistory(filtered);
  const favoriteIds = new Set((useFavorites().data ?? []).map((favorite) => favorite.contentId));
  const { toggle, isChanging } = useToggleFavorite();

  const loading = history.isPending || (noneShown && filtered && anyHistory.isPending);
  const landedEntry = useRef<HTMLLIElement | null>(null);
  const landedEntryShown = entries.some((entry) => entry.id === landing.entryId);
  useEffect(() => {
    if (landedEntryShown) landedEntry.current?.scrollIntoView({ block: "center" });
  }, [landedEntryShown]);
  const neverReceived = noneShown && (!filtered || anyHistory.data === false);

  return (
    <PageContainer>
      <PageHeader title="Learning History" description="Every word delivered to you, day by day." />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <ViewDatePicker value={day} onChange={setDay} today={today} />
        <div className="flex flex-1 flex-col gap-1.5 sm:max-w-md">
          <SearchInput
            value={search}
            onValueChange={setSearch}
            placeholder="Search words or definitions..."
            aria-label="Search words or definitions"
          />
        </div>
      </div>

      {loading ? (
        <HistorySkeletons />
      ) : neverReceived ? (
        <EmptyState
          icon={BookOpen}
          title="No learning history yet"
          description="The words you receive by e-mail or in the app will be listed here, day by day."
          action={
            <Button asChild>
              <Link href="/discover">
                <Compass aria-hidden />
                Discover topics
              </Link>
            </Button>
          }
        />
      ) : noneShown ? (
        <EmptyState
          icon={SearchX}
          title="No results found"
          description={
            <>
              No words {filters.date && day ? `on ${longDate.format(day)}` : "in your history"}
              {filters.search ? ` match “${filters.search}”` : ""}. Try another day or search.
            </>
          }
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {day ? (
                <Button variant="outline" onClick={() => setDay(null)}>
                  Show all dates
                </Button>
              ) : null}
              {search ? (
                <Button variant="outline" onClick={() => setSearch("")}>
                  Clear search
                </Button>
              ) : null}
            </div>
          }
        />
      ) : (
        <div className="space-y-8" aria-busy={history.isPlaceholderData}>
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`history-${group.key}`}>
              <div className="mb-3 flex items-center gap-2">
                <h2 id={`history-${group.key}`} className="text-base font-semibold sm:text-lg">
                  {group.title}
                </h2>
                <Badge variant="secondary">
                  {group.entries.length}
                  <span className="sr-only">{group.entries.length === 1 ? " word" : " words"}</span>
                </Badge>
              </div>
              <Card>
                <ul className="divide-y divide-border">
                  {group.entries.map((entry) => (
                    <li
                      key={entry.id}
                      ref={entry.id === landing.entryId ? landedEntry : undefined}
                      aria-current={entry.id === landing.entryId ? "true" : undefined}
                      className={
                        entry.id === landing.entryId
                          ? "bg-primary/5 p-4 ring-2 ring-inset ring-primary/40 sm:p-5"
                          : "p-4 sm:p-5"
                      }
                    >
                      <HistoryEntryRow
                        entry={entry}
                        isFavorite={favoriteIds.has(entry.content.id)}
                        favoriteDisabled={isChanging(entry.content.id)}
                        onToggleFavorite={() =>
                          toggle({
                            contentId: entry.content.id,
                            favorite: !favoriteIds.has(entry.content.id),
                          })
                        }
                      />
                    </li>
                  ))}
                </ul>
              </Card>
            </section>
          ))}
          {history.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </PageContainer>
  );
}

/** learner-core §2: three placeholders while the history loads. */
function HistorySkeletons() {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading history">
      <Skeleton className="mb-4 h-6 w-40" />
      {[0, 1, 2].map((index) => (
        <Card key={index} data-testid="history-skeleton" className="space-y-3 p-5">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </div>
  );
}

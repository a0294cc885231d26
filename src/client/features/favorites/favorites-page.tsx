import Heart from "lucide-react/icons/heart";
import History from "lucide-react/icons/rotate-ccw-clock";
import SearchX from "lucide-react/icons/search-x";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "@client/components/layout/empty-state";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { SearchInput } from "@client/components/ui/search-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { useFavorites } from "./api/favorites";
import { filterFavorites } from "./favorite-search";
import { FavoriteWordCard } from "./favorite-word-card";
import { savedDefinitionsLabel } from "./saved-count";

const GRID = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";

export default function FavoritesPage() {
  const { data: favorites, isPending } = useFavorites();
  const [search, setSearch] = useState("");
  const shown = useMemo(() => filterFavorites(favorites ?? [], search), [favorites, search]);
  const count = favorites?.length ?? 0;

  return (
    <PageContainer>
      <PageHeader
        title="Favorites"
        description={isPending ? "The words and definitions you saved." : savedDefinitionsLabel(count)}
      />
      {isPending ? (
        <FavoritesSkeleton />
      ) : count === 0 ? (
        <EmptyState
          icon={Heart}
          title="No favorites yet"
          description="Tap the heart on any word you receive to keep it here."
          action={
            <Button asChild variant="outline">
              <Link href="/history">
                <History aria-hidden />
                Go to History
              </Link>
            </Button>
          }
        />
      ) : (
        <>
          <SearchInput
            value={search}
            onValueChange={setSearch}
            placeholder="Search favorites..."
            aria-label="Search favorites"
            className="mb-6 max-w-md"
          />
          {search.trim() ? (
            <p className="mb-4 text-sm text-muted-foreground" role="status">
              {shown.length} of {count} {count === 1 ? "favorite" : "favorites"}
            </p>
          ) : null}
          {shown.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No matching favorites"
              description="Try another word, a phrase from its definition, or a topic."
            />
          ) : (
            <ul className={GRID} aria-label="Saved words">
              {shown.map((favorite) => (
                <li key={favorite.contentId} className="grid">
                  <FavoriteWordCard favorite={favorite} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </PageContainer>
  );
}

function FavoritesSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading favorites">
      <Skeleton className="mb-6 h-10 max-w-md" />
      <div className={GRID}>
        {[0, 1, 2].map((index) => (
          <Card key={index} className="space-y-3 p-5">
            <Skeleton className="h-6 w-2/5" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-1/3" />
          </Card>
        ))}
      </div>
    </div>
  );
}

import ArrowRight from "lucide-react/icons/arrow-right";
import Heart from "lucide-react/icons/heart";
import { Link } from "wouter";
import { DASHBOARD_FAVORITES } from "@shared/constants";
import { formatRelativeTime } from "@shared/rules/relative-time";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { FavoriteButton } from "@client/components/word/favorite-button";
import { ShareButton } from "@client/components/word/share-button";
import { WordCard } from "@client/components/word/word-card";
import { useNow } from "@client/lib/use-now";
import { savedDefinitionsLabel, useFavorites, useToggleFavorite } from "../favorites";
import { CarouselArrows, CarouselDots, useCarousel } from "./carousel";
import { CardEmptyState, CardLoading } from "./card-states";

/** 'Your Favorites': the 5 latest saved words, a count, and a way to all of them when there are more. */
export function FavoritesCard({ className }: { className?: string }) {
  const { data: favorites = [], isPending } = useFavorites();
  const shown = favorites.slice(0, DASHBOARD_FAVORITES);
  const carousel = useCarousel(shown.length);
  const { toggle, isChanging } = useToggleFavorite();
  const now = useNow();
  const favorite = shown[carousel.index];
  const count = favorites.length;

  return (
    <Card className={className} aria-labelledby="dashboard-favorites-title" role="region">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="dashboard-favorites-title" className="flex items-center gap-2 text-lg">
            <Heart className="size-5 text-rose-600 dark:text-rose-400" aria-hidden />
            Your Favorites
          </CardTitle>
          {isPending ? (
            <Skeleton className="mt-1 h-5 w-32" />
          ) : (
            <CardDescription className="mt-1">{savedDefinitionsLabel(count)}</CardDescription>
          )}
        </div>
        <CarouselArrows carousel={carousel} count={shown.length} label="favorite" />
      </CardHeader>
      <CardContent className="min-h-56">
        {isPending ? (
          <CardLoading label="Loading favorites">
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-4 w-full" />
          </CardLoading>
        ) : !favorite ? (
          <CardEmptyState
            icon={Heart}
            title="No favorites yet"
            description="Tap the heart on a word to keep it here."
          />
        ) : (
          <>
            <WordCard
              key={favorite.contentId}
              content={{ ...favorite.content, example: null, note: null, reference: null }}
              actions={
                <>
                  <ShareButton word={favorite.content.word} definition={favorite.content.definition} />
                  <FavoriteButton
                    word={favorite.content.word}
                    isFavorite
                    disabled={isChanging(favorite.contentId)}
                    onToggle={() => toggle({ contentId: favorite.contentId, favorite: false })}
                  />
                </>
              }
              meta={
                <>
                  Saved{" "}
                  <time dateTime={favorite.createdAt}>
                    {formatRelativeTime(favorite.createdAt, now, { largestUnit: "hour" })}
                  </time>
                </>
              }
            />
            <CarouselDots carousel={carousel} count={shown.length} label="Favorite" className="mt-4" />
          </>
        )}
      </CardContent>
      {count > DASHBOARD_FAVORITES ? (
        <CardFooter>
          <Link
            href="/favorites"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
          >
            View all {count} favorites
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </CardFooter>
      ) : null}
    </Card>
  );
}

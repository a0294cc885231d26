import Sparkles from "lucide-react/icons/sparkles";
import { useState } from "react";
import { formatRelativeTime } from "@shared/rules/relative-time";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { FavoriteButton } from "@client/components/word/favorite-button";
import { ShareButton } from "@client/components/word/share-button";
import { WordCard } from "@client/components/word/word-card";
import { useNow } from "@client/lib/use-now";
import { useToggleFavorite } from "../favorites";
import { QuickGrade, ReviewBadge } from "../review";
import { useTodayActivity } from "./api/today-activity";
import { CarouselArrows, CarouselDots, useCarousel } from "./carousel";
import { CardEmptyState, CardLoading } from "./card-states";

/**
 * "Today's Learning": the words delivered today, one at a time, with the heart to save one. `loading` draws it as still
 * loading whatever has arrived (the dashboard's first-screen placeholder).
 */
export function TodaysLearning({ className, loading = false }: { className?: string; loading?: boolean }) {
  const today = useTodayActivity();
  const isPending = loading || today.isPending;
  const items = isPending ? [] : (today.data ?? []);
  const carousel = useCarousel(items.length);
  const { toggle, isChanging } = useToggleFavorite();
  const now = useNow();
  const item = items[carousel.index];
  // A review asks before it tells: its meaning waits until revealed or answered (issue 22).
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const asking = item?.kind === "review" && item.grade === null && !revealed.has(item.id);

  return (
    <Card className={className} aria-labelledby="todays-learning-title" role="region">
      <CardHeader className="flex-row items-center justify-between gap-3">
        {/* As tall as the carousel arrows beside it (32 px), so the title stays put when they appear. */}
        <CardTitle id="todays-learning-title" className="flex min-h-8 items-center gap-2 text-lg">
          <Sparkles className="size-5 text-primary" aria-hidden />
          Today's Learning
        </CardTitle>
        <CarouselArrows carousel={carousel} count={items.length} label="word" />
      </CardHeader>
      <CardContent className="min-h-56">
        {isPending ? (
          <CardLoading label="Loading today's words">
            <Skeleton className="h-7 w-2/5" />
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </CardLoading>
        ) : !item ? (
          <CardEmptyState
            icon={Sparkles}
            title="No content delivered today"
            description="Your next words arrive on your subscriptions' schedule."
          />
        ) : (
          <>
            <WordCard
              key={item.id}
              content={item.content}
              meaningHidden={
                asking ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <p className="text-sm text-muted-foreground">Do you remember what it means?</p>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setRevealed((shown) => new Set(shown).add(item.id))}
                    >
                      Show definition
                    </Button>
                  </div>
                ) : undefined
              }
              actions={
                <>
                  <ShareButton word={item.content.word} definition={item.content.definition} />
                  <FavoriteButton
                    word={item.content.word}
                    isFavorite={item.isFavorite}
                    disabled={isChanging(item.contentId)}
                    onToggle={() => toggle({ contentId: item.contentId, favorite: !item.isFavorite })}
                  />
                </>
              }
              meta={
                <>
                  {item.kind === "review" ? <ReviewBadge className="mr-1.5 align-middle" /> : null}
                  Delivered <time dateTime={item.sentAt}>{formatRelativeTime(item.sentAt, now)}</time>
                </>
              }
            />
            <QuickGrade key={item.id} item={item} word={item.content.word} className="mt-4" />
            <CarouselDots carousel={carousel} count={items.length} label="Word" className="mt-4" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

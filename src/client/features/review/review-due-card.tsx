import Layers from "lucide-react/icons/layers";
import { Link } from "wouter";
import { REVIEW_DUE_LIMIT_MAX } from "@shared/api/learning-values";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useDueCards } from "./api/due-cards";

/**
 * The dashboard's review card: how many words are due now, and Start. On a phone it is the dashboard's first card,
 * kept short (no explanation line), so the count and Start are in view without scrolling. `loading` draws it as
 * still loading whatever has arrived (the dashboard's first-screen placeholder): the same height as when loaded.
 */
export function ReviewDueCard({ className, loading = false }: { className?: string; loading?: boolean }) {
  const due = useDueCards();
  const isPending = loading || due.isPending;
  const count = isPending ? 0 : (due.data?.length ?? 0);
  const shown = count >= REVIEW_DUE_LIMIT_MAX ? `${REVIEW_DUE_LIMIT_MAX}+` : String(count);
  return (
    <Card className={className} role="region" aria-labelledby="review-card-title">
      <CardHeader>
        <CardTitle id="review-card-title" className="flex items-center gap-2 text-lg">
          <Layers className="size-5 text-primary" aria-hidden />
          Review
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="hidden text-sm text-muted-foreground sm:block">
          Recall each word, then grade it: Jargon brings it back just before you would forget it.
        </p>
        {/*
         * One row 40 px high whatever it holds (issue 25: the card keeps its height when the count arrives): on a
         * phone "Nothing to review right now" wraps into two small lines beside the button instead of pushing it
         * onto a row of its own.
         */}
        <div className="flex min-h-10 items-center justify-between gap-4">
          {isPending ? (
            <Skeleton className="h-7 w-40" />
          ) : (
            <p className="min-w-0 text-sm text-muted-foreground sm:text-base" data-testid="review-due-count">
              {count === 0 ? (
                "Nothing to review right now"
              ) : (
                <>
                  <strong className="text-2xl font-bold text-foreground tabular-nums">{shown}</strong>{" "}
                  {count === 1 ? "word" : "words"} to review
                </>
              )}
            </p>
          )}
          {count > 0 ? (
            <Button asChild>
              <Link href="/review">Start</Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link href="/review">Open Review</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

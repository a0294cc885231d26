import Compass from "lucide-react/icons/compass";
import Layers from "lucide-react/icons/layers";
import ListChecks from "lucide-react/icons/list-checks";
import PartyPopper from "lucide-react/icons/party-popper";
import { useState } from "react";
import type { DueCard, ReviewMode } from "@shared/api/learning";
import { Link } from "wouter";
import { EmptyState } from "@client/components/layout/empty-state";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";
import { nextDueDay, useProgress } from "../progress";
import { useDueCards } from "./api/due-cards";
import { REVIEW_KEY_SCOPE } from "./use-review-keys";
import { ReviewSession } from "./review-session";

const MODES: { mode: ReviewMode; label: string; icon: typeof Layers }[] = [
  { mode: "flashcards", label: "Flashcards", icon: Layers },
  { mode: "multiple_choice", label: "Multiple choice", icon: ListChecks },
];

/**
 * /review: a session over the cards due now, as flashcards or as multiple choice. The session works through the
 * due cards as they were when it started (grades refresh the due list for the dashboard's count, and must not move
 * the session); "Check for more" starts a new one.
 */
export default function ReviewPage() {
  const due = useDueCards();
  const [mode, setMode] = useState<ReviewMode>("flashcards");
  const [session, setSession] = useState<{ key: number; cards: DueCard[] } | null>(null);
  if (session === null && due.data) setSession({ key: 0, cards: due.data });
  const loading = session === null && due.isPending;
  const restart = () => {
    void due.refetch().then(({ data }) => {
      if (data) setSession((current) => ({ key: (current?.key ?? 0) + 1, cards: data }));
    });
  };

  return (
    <PageContainer>
      <div {...REVIEW_KEY_SCOPE}>
        <PageHeader
          title="Review"
          description="Recall each word before you look, then say how well you knew it."
          actions={
            session?.cards.length ? (
              <ModeSwitch mode={mode} onChange={setMode} />
            ) : loading ? (
              // The mode switch's place (on a phone a row under the heading), kept while the cards may yet come.
              <Skeleton className="h-10 w-full rounded-lg sm:w-72" />
            ) : undefined
          }
        />
        {loading ? (
          <div
            className="mx-auto max-w-2xl space-y-4"
            role="status"
            aria-busy="true"
            aria-label="Loading your reviews"
          >
            {/* As tall as a flashcard before its answer shows. */}
            <Skeleton className="h-60 w-full rounded-2xl sm:h-72" />
          </div>
        ) : session === null ? (
          <EmptyState
            icon={Layers}
            title="Could not load your reviews"
            description="Please try again in a moment."
            action={<Button onClick={() => void due.refetch()}>Try again</Button>}
          />
        ) : session.cards.length === 0 ? (
          <NothingToReview />
        ) : (
          <ReviewSession key={session.key} cards={session.cards} mode={mode} onRestart={restart} />
        )}
      </div>
    </PageContainer>
  );
}

function ModeSwitch({ mode, onChange }: { mode: ReviewMode; onChange: (mode: ReviewMode) => void }) {
  return (
    <div
      role="group"
      aria-label="Review mode"
      className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto"
    >
      {MODES.map(({ mode: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={mode === option}
          onClick={() => onChange(option)}
          className={cn(
            "flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
            mode === option
              ? "bg-card text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}

/** Nothing due: when the next card is, and a way to meet new words meanwhile. */
function NothingToReview() {
  const { data: progress } = useProgress();
  const next = progress ? nextDueDay(progress.forecast) : null;
  return (
    <EmptyState
      icon={PartyPopper}
      title="Nothing to review"
      description={
        next
          ? `You're up to date. Your next review is due ${next}.`
          : "You're up to date. Words you receive come back here when it's time to recall them."
      }
      action={
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link href="/discover">
              <Compass aria-hidden />
              Discover new words
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/progress">See your progress</Link>
          </Button>
        </div>
      }
    />
  );
}

import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { useEffect, useMemo, useRef, useState } from "react";
import type { DueCard, GradeResponse, Rating, ReviewMode } from "@shared/api/learning";
import { LEARNING_GRADES, MULTIPLE_CHOICE_MAX_GRADE } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { toast } from "@client/lib/toast";
import { useNow } from "@client/lib/use-now";
import { cn } from "@client/lib/utils";
import { useGradeCard } from "./api/grade-card";
import { useKnownWords } from "./api/known-words";
import { CardBack, CardFront } from "./card-face";
import { pickChoices, type KnownWord } from "./choices";
import { RATING_LABELS } from "./ratings";
import { addGrade, EMPTY_TALLY, formatInterval, type SessionTally } from "./session-tally";
import { SessionSummary } from "./session-summary";
import { useReviewKeys } from "./use-review-keys";

const RATINGS_SHOWN: Rating[] = [1, 2, 3, 4];
/** What a right multiple-choice pick is graded: the most the server records for one (Hard). */
const RIGHT_PICK_RATING = (LEARNING_GRADES.indexOf(MULTIPLE_CHOICE_MAX_GRADE) + 1) as Rating;
const RATING_STYLES: Record<Rating, string> = {
  1: "border-destructive/40 text-destructive hover:bg-destructive/10",
  2: "",
  3: "border-primary/40 text-primary hover:bg-accent",
  4: "border-success/40 text-success hover:bg-success/10",
};

/**
 * One session over a snapshot of the due cards: one card at a time, then the end screen. Changing mode keeps the
 * session where it is: a card already answered by multiple choice is not asked again as a flashcard.
 */
export function ReviewSession({
  cards,
  mode,
  onRestart,
}: {
  cards: DueCard[];
  mode: ReviewMode;
  onRestart: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [tally, setTally] = useState<SessionTally>(EMPTY_TALLY);
  // The card answered and waiting for "Next" (multiple choice), if any.
  const [answeredCardId, setAnsweredCardId] = useState<number | null>(null);
  const [askedIn, setAskedIn] = useState(mode);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const card = cards[index];
  if (mode !== askedIn) {
    setAskedIn(mode);
    if (card && answeredCardId === card.cardId) setIndex(index + 1);
  }

  // A new card takes the focus, so a keyboard or screen-reader user starts from its word.
  useEffect(() => {
    if (index > 0) headingRef.current?.focus();
  }, [index]);

  if (!card) return <SessionSummary tally={tally} onRestart={onRestart} />;

  const position = `${index + 1} of ${cards.length}`;
  const graded = (result: GradeResponse) => {
    setAnsweredCardId(card.cardId);
    setTally((current) => addGrade(current, result));
  };
  const next = () => setIndex((current) => current + 1);
  const question =
    mode === "multiple_choice" ? (
      <ChoiceQuestion key={card.cardId} card={card} cards={cards} onGraded={graded} onNext={next} />
    ) : (
      <FlashcardQuestion
        key={card.cardId}
        card={card}
        onGraded={(result) => {
          graded(result);
          next();
        }}
      />
    );

  return (
    <Card className="mx-auto max-w-2xl px-5 py-8 sm:px-10 sm:py-10">
      <Progressbar value={index} max={cards.length} />
      <CardFront card={card} headingRef={headingRef} position={position} />
      {question}
    </Card>
  );
}

function Progressbar({ value, max }: { value: number; max: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Session progress"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="mb-6 h-1.5 overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-all"
        style={{ width: `${(value / max) * 100}%` }}
      />
    </div>
  );
}

function useGrade(
  card: DueCard,
  mode: ReviewMode,
  onGraded: (result: GradeResponse) => void,
  onFailed?: () => void,
) {
  const gradeCard = useGradeCard();
  const grade = (rating: Rating) => {
    if (gradeCard.isPending) return;
    gradeCard.mutate(
      { cardId: card.cardId, rating, channel: "web", mode },
      {
        onSuccess: onGraded,
        onError: () => {
          onFailed?.();
          toast({
            title: "Could not save your grade",
            description: "Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  };
  return { grade, pending: gradeCard.isPending, result: gradeCard.data };
}

/**
 * Think, reveal (Space or Enter), then grade with the four buttons or the keys 1–4; each button says when the card
 * would come back after it, as Anki's do.
 */
function FlashcardQuestion({
  card,
  onGraded,
  note,
}: {
  card: DueCard;
  onGraded: (result: GradeResponse) => void;
  note?: string;
}) {
  const [revealed, setRevealed] = useState(false);
  const { grade, pending } = useGrade(card, "flashcards", onGraded);
  const now = useNow();
  const gradesRef = useRef<HTMLDivElement>(null);
  const reveal = () => setRevealed(true);
  // On a phone the grade buttons may land below the fold once the back shows.
  useEffect(() => {
    if (revealed) gradesRef.current?.scrollIntoView({ block: "nearest" });
  }, [revealed]);
  useReviewKeys(
    revealed
      ? { 1: () => grade(1), 2: () => grade(2), 3: () => grade(3), 4: () => grade(4) }
      : { Space: reveal, Enter: reveal },
  );

  if (!revealed) {
    return (
      <div className="mt-8 flex flex-col items-center gap-3">
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        <Button size="lg" onClick={reveal} className="w-full sm:w-auto sm:min-w-48">
          Show answer
        </Button>
        <p className="hidden text-xs text-muted-foreground sm:block">
          Press <Kbd>Space</Kbd> or <Kbd>Enter</Kbd>
        </p>
      </div>
    );
  }
  return (
    <CardBack card={card}>
      <div
        ref={gradesRef}
        role="group"
        aria-label="How well did you know it?"
        className="grid scroll-mb-4 grid-cols-2 gap-2 pt-4 sm:grid-cols-4"
      >
        {RATINGS_SHOWN.map((rating) => (
          <Button
            key={rating}
            variant="outline"
            size="lg"
            disabled={pending}
            onClick={() => grade(rating)}
            className={cn("h-auto flex-col gap-0 py-2", RATING_STYLES[rating])}
            aria-keyshortcuts={String(rating)}
          >
            {RATING_LABELS[rating]}
            <span className="text-xs font-normal text-muted-foreground">
              <span className="sr-only">, comes back in </span>
              {formatInterval(card.dueAfter[LEARNING_GRADES[rating - 1]!], now)}
            </span>
            <span className="hidden text-[11px] font-normal text-muted-foreground sm:block">
              key {rating}
            </span>
          </Button>
        ))}
      </div>
    </CardBack>
  );
}

/**
 * The right definition among three from the same topic (keys 1–3). Practice, not proof: a right pick may be a lucky
 * guess, so it grades Hard (the server caps it there too), a wrong one Again. Once answered it says when the word
 * comes back, and "Next" takes the focus (so it is in view on a phone, and Space or Enter goes on). A card whose
 * topic has too few other words yet is asked as a flashcard.
 */
function ChoiceQuestion({
  card,
  cards,
  onGraded,
  onNext,
}: {
  card: DueCard;
  cards: DueCard[];
  onGraded: (result: GradeResponse) => void;
  onNext: () => void;
}) {
  const known = useKnownWords(true);
  const choices = useMemo(() => {
    if (!known.data) return undefined;
    const asKnown = (due: DueCard): KnownWord => ({
      word: due.content.word,
      definition: due.content.definition,
      topic: due.content.topic.name,
    });
    return pickChoices(asKnown(card), [...cards.map(asKnown), ...known.data]);
  }, [card, cards, known.data]);
  const [picked, setPicked] = useState<number | null>(null);
  // A grade that did not save lets the learner pick again.
  const { grade, pending, result } = useGrade(card, "multiple_choice", onGraded, () => setPicked(null));
  const nextRef = useRef<HTMLButtonElement>(null);
  const done = result !== undefined;
  useEffect(() => {
    if (done) nextRef.current?.focus();
  }, [done]);
  const pick = (choice: number) => {
    if (picked !== null || !choices?.[choice]) return;
    setPicked(choice);
    grade(choices[choice] === card.content.definition ? RIGHT_PICK_RATING : 1);
  };
  useReviewKeys(
    picked === null
      ? { 1: () => pick(0), 2: () => pick(1), 3: () => pick(2) }
      : done
        ? { Enter: onNext, Space: onNext }
        : {},
  );

  if (known.isPending)
    return <p className="mt-8 text-center text-sm text-muted-foreground">Preparing choices…</p>;
  if (!choices) {
    return (
      <FlashcardQuestion
        card={card}
        note="Not enough words from this topic for a choice yet, so this one is a flashcard."
        onGraded={(graded) => {
          onGraded(graded);
          onNext();
        }}
      />
    );
  }
  const rightPicked = picked !== null && choices[picked] === card.content.definition;
  return (
    <div className="mt-8">
      <p id="choice-prompt" className="text-center text-sm text-muted-foreground">
        Which definition is right?
      </p>
      <p className="mb-3 text-center text-xs text-muted-foreground">
        Practice: a right pick counts as {RATING_LABELS[RIGHT_PICK_RATING]}.
      </p>
      <ol aria-labelledby="choice-prompt" className="space-y-2">
        {choices.map((definition, choice) => {
          const isRight = definition === card.content.definition;
          const reveal = picked !== null;
          return (
            <li key={definition}>
              <button
                type="button"
                onClick={() => pick(choice)}
                disabled={reveal && picked !== choice && !isRight}
                aria-keyshortcuts={String(choice + 1)}
                className={cn(
                  "flex w-full items-start gap-3 rounded-xl border border-border bg-card p-3 text-left text-sm transition-colors hover:bg-muted disabled:opacity-60 sm:text-base",
                  reveal && isRight && "border-success bg-success/10 hover:bg-success/10",
                  reveal &&
                    picked === choice &&
                    !isRight &&
                    "border-destructive bg-destructive/10 hover:bg-destructive/10",
                )}
              >
                <span className="grid size-6 shrink-0 place-items-center rounded-md bg-muted text-xs font-semibold">
                  {choice + 1}
                </span>
                <span className="flex-1">{definition}</span>
                {reveal && isRight ? (
                  <Check className="size-5 shrink-0 text-success" aria-label="Right answer" />
                ) : null}
                {reveal && picked === choice && !isRight ? (
                  <X className="size-5 shrink-0 text-destructive" aria-label="Your pick" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      {picked !== null ? (
        <div className="mt-5 flex flex-col items-center gap-3" aria-live="polite">
          <p className={cn("font-semibold", rightPicked ? "text-success" : "text-destructive")}>
            {rightPicked
              ? `Right: graded ${RATING_LABELS[RIGHT_PICK_RATING]}`
              : "Not this time: graded Again"}
          </p>
          {result ? (
            <p className="text-sm text-muted-foreground">
              {card.content.word} comes back {result.comesBack}.
            </p>
          ) : null}
          <Button
            ref={nextRef}
            size="lg"
            onClick={onNext}
            disabled={pending || !done}
            className="w-full scroll-mb-4 sm:w-auto sm:min-w-48"
          >
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-sans text-[11px] font-medium">
      {children}
    </kbd>
  );
}

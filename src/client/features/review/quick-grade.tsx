import { Check, RotateCcw } from "lucide-react";
import { useState } from "react";
import type { Rating } from "@shared/api/learning";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useGradeCard } from "./api/grade-card";
import { gradeLabel, QUICK_GRADES } from "./ratings";

/**
 * "Knew it" / "Didn't know" under a delivered word (notification dropdown, Today's Learning), channel in_app. The
 * grade answers that delivery, so the item shows it instead of the buttons (wherever the delivery was answered).
 */
export function QuickGrade({
  cardId,
  deliveryId,
  grade,
  word,
  className,
}: {
  cardId: number;
  deliveryId: number;
  grade: Rating | null | undefined;
  word: string;
  className?: string;
}) {
  const gradeCard = useGradeCard();
  const [given, setGiven] = useState<Rating | null>(null);
  const shown = given ?? grade ?? null;

  if (shown !== null) {
    const knew = shown >= 3;
    return (
      <p
        className={cn(
          "inline-flex items-center gap-1.5 text-xs font-medium",
          knew ? "text-success" : "text-muted-foreground",
          className,
        )}
      >
        {knew ? <Check className="size-3.5" aria-hidden /> : <RotateCcw className="size-3.5" aria-hidden />}
        <span>
          <span className="sr-only">{word}: </span>
          {gradeLabel(shown)}
          {knew ? "" : " · coming back soon"}
        </span>
      </p>
    );
  }

  const record = (rating: Rating) =>
    gradeCard.mutate(
      { cardId, rating, channel: "in_app", deliveryId },
      {
        onSuccess: () => setGiven(rating),
        onError: () => toast({ title: "Could not save your answer", variant: "destructive" }),
      },
    );
  return (
    <div role="group" aria-label={`Did you know ${word}?`} className={cn("flex flex-wrap gap-2", className)}>
      {QUICK_GRADES.map(({ rating, label }) => (
        <Button
          key={rating}
          type="button"
          size="sm"
          variant={rating >= 3 ? "default" : "outline"}
          disabled={gradeCard.isPending}
          onClick={() => record(rating)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

/** The small mark of a word that came back as a review rather than as a new word. */
export function ReviewBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full bg-accent px-1.5 py-0.5 text-[10px] leading-none font-semibold tracking-wide text-accent-foreground uppercase",
        className,
      )}
    >
      Review
    </span>
  );
}

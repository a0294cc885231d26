import Check from "lucide-react/icons/check";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import type { DeliveredItem } from "@shared/api/notifications";
import type { QuickGrade } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/lib/toast";
import { useNow } from "@client/lib/use-now";
import { cn } from "@client/lib/utils";
import { useGradeCard } from "./api/grade-card";
import { gradeLabel, gradeOfQuickAnswer, QUICK_GRADES } from "./ratings";
import { formatInterval } from "./session-tally";

/**
 * "Knew it" / "Didn't know" under a delivered word (notification dropdown, Today's Learning), channel in_app, each
 * with when the word would come back, as Anki's buttons say it. The item shows the word's latest grade instead of
 * the buttons (wherever the word was answered) and when it comes back.
 */
export function QuickGrade({
  item,
  word,
  intervalsPending = false,
  className,
}: {
  item: Pick<DeliveredItem, "id" | "cardId" | "kind" | "grade" | "comesBack" | "dueAfter">;
  word: string;
  /** When the word would come back is on its way (the dropdown asks for it): room is kept so nothing widens. */
  intervalsPending?: boolean;
  className?: string;
}) {
  const gradeCard = useGradeCard();
  const now = useNow();
  const { cardId, grade } = item;
  if (cardId === null) return null;

  if (grade !== null) {
    const knew = grade >= 3;
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
          {gradeLabel(grade, item.kind)}
          {item.comesBack ? ` · comes back ${item.comesBack}` : ""}
        </span>
      </p>
    );
  }

  const record = (answer: QuickGrade) =>
    gradeCard.mutate(
      { cardId, answer, channel: "in_app", deliveryId: item.id },
      { onError: () => toast({ title: "Could not save your answer", variant: "destructive" }) },
    );
  return (
    <div role="group" aria-label={`Did you know ${word}?`} className={cn("flex flex-wrap gap-2", className)}>
      {QUICK_GRADES.map(({ answer, label }) => {
        const due = item.dueAfter?.[gradeOfQuickAnswer(answer, item.kind)];
        return (
          <Button
            key={answer}
            type="button"
            size="sm"
            variant={answer === "knew_it" ? "default" : "outline"}
            disabled={gradeCard.isPending}
            onClick={() => record(answer)}
          >
            {label}
            {due ? (
              <span className="font-normal opacity-80">
                <span aria-hidden>· </span>
                <span className="sr-only">, comes back in </span>
                {formatInterval(due, now)}
              </span>
            ) : intervalsPending ? (
              <span aria-hidden className="invisible font-normal">
                · 9 days
              </span>
            ) : null}
          </Button>
        );
      })}
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

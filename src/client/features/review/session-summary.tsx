import PartyPopper from "lucide-react/icons/party-popper";
import { Link } from "wouter";
import type { Rating } from "@shared/api/learning";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { useNow } from "@client/lib/use-now";
import { RATING_LABELS } from "./ratings";
import { formatDueIn, type SessionTally } from "./session-tally";

const RATINGS_SHOWN: Rating[] = [1, 2, 3, 4];

/** The end screen: how many were reviewed, each grade's count, and when the next card comes back. */
export function SessionSummary({ tally, onRestart }: { tally: SessionTally; onRestart: () => void }) {
  const now = useNow();
  return (
    <Card className="mx-auto max-w-2xl px-5 py-8 text-center sm:px-10 sm:py-10">
      <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-accent text-accent-foreground">
        <PartyPopper className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-xl font-bold sm:text-2xl">Session complete</h2>
      <p className="mt-1 text-muted-foreground">
        You reviewed{" "}
        <strong className="text-foreground" data-testid="session-reviewed">
          {tally.reviewed} {tally.reviewed === 1 ? "word" : "words"}
        </strong>
        .
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {RATINGS_SHOWN.map((rating) => (
          <div key={rating} className="flex flex-col-reverse rounded-xl bg-muted/60 px-3 py-3">
            <dt className="text-xs font-medium text-muted-foreground">{RATING_LABELS[rating]}</dt>
            <dd className="text-2xl font-bold tabular-nums">{tally.counts[rating]}</dd>
          </div>
        ))}
      </dl>
      {tally.nextDue ? (
        <p className="mt-5 text-sm text-muted-foreground">
          Next card due{" "}
          <time dateTime={tally.nextDue} className="font-medium text-foreground">
            {formatDueIn(tally.nextDue, now)}
          </time>
          .
        </p>
      ) : null}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild>
          <Link href="/progress">See your progress</Link>
        </Button>
        <Button variant="outline" onClick={onRestart}>
          Check for more
        </Button>
      </div>
    </Card>
  );
}

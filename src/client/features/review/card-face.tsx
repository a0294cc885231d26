import type { ReactNode, RefObject } from "react";
import type { DueCard } from "@shared/api/learning";
import { SpeakButton } from "@client/components/word/speak-button";

/** The front of a card: its topic and the word, focused when a new card comes up so a screen reader reads it. */
export function CardFront({
  card,
  headingRef,
  position,
}: {
  card: DueCard;
  headingRef: RefObject<HTMLHeadingElement | null>;
  position: string;
}) {
  return (
    <div className="text-center">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {card.content.topic.displayName} · <span className="normal-case">{position}</span>
      </p>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-3xl font-bold tracking-tight break-words outline-none sm:text-4xl"
      >
        {card.content.word}
      </h2>
    </div>
  );
}

/** The back of a card: pronunciation with the speak button, the definition, the example and the origin. */
export function CardBack({ card, children }: { card: DueCard; children?: ReactNode }) {
  const { word, pronunciation, definition, example, origin } = card.content;
  return (
    <div className="mt-5 space-y-3 text-center" aria-live="polite">
      <p className="flex items-center justify-center gap-1 text-sm text-muted-foreground">
        {pronunciation ? <span>{pronunciation}</span> : null}
        <SpeakButton word={word} />
      </p>
      <p className="text-base sm:text-lg">{definition}</p>
      {example ? <p className="text-sm text-muted-foreground italic">“{example}”</p> : null}
      {origin ? (
        <p className="text-xs leading-relaxed text-muted-foreground" data-testid="review-origin">
          <span className="font-semibold tracking-wide uppercase">Origin</span> {origin}
        </p>
      ) : null}
      {children}
    </div>
  );
}

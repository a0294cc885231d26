import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";
import { Badge } from "../ui/badge";
import { SpeakButton } from "./speak-button";

export interface WordCardContent {
  word: string;
  pronunciation?: string | null;
  definition: string;
  example?: string | null;
  partOfSpeech?: string | null;
  /** "Why it matters": why a professional needs the word, a sentence or two. */
  note?: string | null;
  /** The word's etymology, shown as "Origin". */
  origin?: string | null;
  /** For a quotation: where it is from and whose translation it quotes. */
  reference?: string | null;
  translation?: string | null;
  topic: { displayName: string };
}

/**
 * A delivered word as every list shows it: the word with its part of speech and pronunciation (and the speaker),
 * the topic, the definition, the example (for a verse, its reference and translation under it), the note and the origin. `actions` sit top right (share, heart); `meta` is the footer line.
 */
export function WordCard({
  content,
  actions,
  meta,
  meaningHidden,
  headingLevel = 3,
  className,
}: {
  content: WordCardContent;
  actions?: ReactNode;
  meta?: ReactNode;
  /** A review that asks before it tells: shown instead of everything that gives the meaning away. */
  meaningHidden?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={cn("flex min-w-0 flex-col gap-3", className)}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          {/* The part of speech stays outside the heading, so the heading's name is the word alone. */}
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Heading className="text-lg leading-tight font-semibold break-words sm:text-xl">
              {content.word}
            </Heading>
            {content.partOfSpeech ? (
              <span className="text-sm text-muted-foreground italic" data-testid="part-of-speech">
                {content.partOfSpeech}
              </span>
            ) : null}
          </div>
          {content.pronunciation ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
              <span className="font-mono">{content.pronunciation}</span>
              <SpeakButton word={content.word} />
            </p>
          ) : null}
        </div>
        {actions ? <div className="-mt-1 -mr-1 flex shrink-0 items-center">{actions}</div> : null}
      </div>
      <div>
        <Badge variant="default">{content.topic.displayName}</Badge>
      </div>
      {meaningHidden ?? <Meaning content={content} />}
      {meta ? <div className="mt-auto text-xs text-muted-foreground">{meta}</div> : null}
    </article>
  );
}

/** The definition, the example (for a verse, its reference and translation under it) and the note. */
function Meaning({ content }: { content: WordCardContent }) {
  return (
    <>
      <p className="text-sm leading-relaxed sm:text-base">{content.definition}</p>
      {content.example ? (
        <blockquote className="border-l-2 border-primary/40 pl-3 text-sm text-muted-foreground italic">
          “{content.example}”
        </blockquote>
      ) : null}
      {content.reference ? (
        <p className="-mt-1.5 pl-3.5 text-xs text-muted-foreground" data-testid="verse-reference">
          — <cite className="not-italic font-medium text-foreground/80">{content.reference}</cite>
          {content.translation ? <span>, {content.translation}</span> : null}
        </p>
      ) : null}
      {content.note ? (
        <div className="rounded-lg bg-muted/60 px-3 py-2 text-sm leading-relaxed" data-testid="word-note">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Why it matters
          </p>
          <p className="mt-0.5">{content.note}</p>
        </div>
      ) : null}
      {content.origin ? (
        <p className="text-xs leading-relaxed text-muted-foreground" data-testid="word-origin">
          <span className="font-semibold tracking-wide uppercase">Origin</span> {content.origin}
        </p>
      ) : null}
    </>
  );
}

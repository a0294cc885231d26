import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/utils";

/** Which of `count` slides shows; stays in range when the list shrinks (a word unfavorited). */
export function useCarousel(count: number) {
  const [chosen, setChosen] = useState(0);
  const index = count === 0 ? 0 : Math.min(chosen, count - 1);
  return {
    index,
    goTo: (next: number) => setChosen(Math.max(0, Math.min(next, count - 1))),
    previous: () => setChosen(Math.max(0, index - 1)),
    next: () => setChosen(Math.min(count - 1, index + 1)),
  };
}

type Carousel = ReturnType<typeof useCarousel>;

/** Previous / next with the '1 of N' counter between them; shown from one slide on ('1 of 1', learner-core §2). */
export function CarouselArrows({
  carousel,
  count,
  label,
}: {
  carousel: Carousel;
  count: number;
  label: string;
}) {
  if (count < 1) return null;
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`${label} navigation`}>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={carousel.previous}
        disabled={carousel.index === 0}
        aria-label={`Previous ${label}`}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <span
        className="min-w-12 text-center text-xs font-medium text-muted-foreground tabular-nums"
        aria-live="polite"
      >
        {carousel.index + 1} of {count}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={carousel.next}
        disabled={carousel.index === count - 1}
        aria-label={`Next ${label}`}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}

/** One dot per slide, under the slide; shown on mobile only (learner-core §2). */
export function CarouselDots({
  carousel,
  count,
  label,
  className,
}: {
  carousel: Carousel;
  count: number;
  label: string;
  className?: string;
}) {
  if (count < 2) return null;
  return (
    <div
      className={cn("flex justify-center gap-0.5 md:hidden", className)}
      role="group"
      aria-label={`Choose ${label}`}
    >
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          onClick={() => carousel.goTo(index)}
          aria-label={`${label} ${index + 1} of ${count}`}
          aria-current={index === carousel.index ? "true" : undefined}
          className="grid size-6 place-items-center rounded-full"
        >
          <span
            aria-hidden
            className={cn(
              "block h-2 rounded-full transition-all",
              index === carousel.index ? "w-5 bg-primary" : "w-2 bg-input",
            )}
          />
        </button>
      ))}
    </div>
  );
}

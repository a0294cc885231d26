import Quote from "lucide-react/icons/quote";
import type { Testimonial } from "../data/testimonials";
import { InitialsAvatar } from "./initials-avatar";
import { RatingStars } from "./rating-stars";

/** The large quote: featured on /testimonials and shown on /how-it-works. */
export function FeaturedTestimonial({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="relative rounded-3xl border border-border bg-card p-6 shadow-sm sm:p-10">
      <Quote
        className="absolute top-6 right-6 size-10 text-primary/15 sm:top-8 sm:right-8 sm:size-12"
        aria-hidden
      />
      <RatingStars rating={testimonial.rating} className="[&_svg]:size-5" />
      <blockquote className="mt-5 text-lg leading-relaxed font-medium text-balance sm:text-xl">
        “{testimonial.quote}”
      </blockquote>
      <figcaption className="mt-6 flex flex-wrap items-center gap-4">
        <InitialsAvatar initials={testimonial.initials} />
        <span className="mr-auto">
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-muted-foreground">
            {testimonial.role} · {testimonial.company}
          </span>
        </span>
        <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          {testimonial.improvement} in {testimonial.timeframe}
        </span>
      </figcaption>
    </figure>
  );
}

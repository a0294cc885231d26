import Quote from "lucide-react/icons/quote";
import Star from "lucide-react/icons/star";

export function TestimonialSection() {
  return (
    <section aria-labelledby="testimonial-title" className="bg-surface py-16 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <h2 id="testimonial-title" className="sr-only">
          What learners say
        </h2>
        <figure className="relative rounded-3xl border border-border bg-card p-8 shadow-sm sm:p-12">
          <Quote className="absolute top-8 right-8 size-12 text-primary/15" aria-hidden />
          <div className="flex gap-1 text-amber-500" role="img" aria-label="Rated 5 out of 5">
            {Array.from({ length: 5 }, (_, index) => (
              <Star key={index} className="size-5 fill-current" aria-hidden />
            ))}
          </div>
          <blockquote className="mt-6 text-lg leading-relaxed font-medium text-balance sm:text-2xl">
            “Within a month I was following every term in our investment committee meetings. The daily boost
            is the best five minutes of my morning, and the weekly deep dives made the jargon finally click.”
          </blockquote>
          <figcaption className="mt-8 flex items-center gap-4">
            <span
              aria-hidden
              className="grid size-12 place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 font-semibold text-white"
            >
              SC
            </span>
            <span>
              <span className="block font-semibold">Sarah Chen</span>
              <span className="block text-sm text-muted-foreground">Financial Analyst</span>
            </span>
          </figcaption>
        </figure>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Rated <strong className="font-semibold text-foreground">4.9 out of 5</strong> by 10k+ domain experts
        </p>
      </div>
    </section>
  );
}

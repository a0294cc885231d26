import type { ReactNode } from "react";

/** The top of a public page: an eyebrow, the page's one <h1>, its lead and actions, on the landing's glow. */
export function MarketingHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: ReactNode;
  title: string;
  lead: string;
  /** Actions and badges under the lead. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_24rem_at_70%_-20%,rgb(99_102_241/0.16),transparent),radial-gradient(36rem_20rem_at_0%_0%,rgb(168_85_247/0.10),transparent)] dark:bg-[radial-gradient(50rem_24rem_at_70%_-20%,rgb(99_102_241/0.22),transparent),radial-gradient(36rem_20rem_at_0%_0%,rgb(168_85_247/0.12),transparent)]"
      />
      <div className="mx-auto max-w-4xl px-4 pt-12 pb-12 text-center sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/80 px-3 py-1 text-xs font-semibold text-muted-foreground shadow-xs sm:text-sm">
          {eyebrow}
        </p>
        <h1 id="page-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          {lead}
        </p>
        {children ? (
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row sm:flex-wrap">
            {children}
          </div>
        ) : null}
      </div>
    </section>
  );
}

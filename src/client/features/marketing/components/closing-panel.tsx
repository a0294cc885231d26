import type { ReactNode } from "react";

/** The gradient panel that closes a public page (the landing's closing look), with its actions. */
export function ClosingPanel({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_16rem_at_85%_0%,rgb(255_255_255/0.18),transparent)]"
        />
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-50">{lead}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}

/** Buttons on the panel's gradient: a white primary and an outlined secondary, both with visible focus. */
export const PANEL_PRIMARY =
  "bg-white text-indigo-700 hover:bg-indigo-50 focus-visible:outline-white dark:bg-white dark:text-indigo-700";
export const PANEL_SECONDARY =
  "border-white/60 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white dark:border-white/60 dark:bg-transparent dark:text-white";

import { Link } from "wouter";
import { cn } from "@client/lib/utils";

/**
 * The brand mark and name, linking home. `wordmarkClassName` lets a crowded bar keep only the mark on screen; the
 * name then stays for screen readers (e.g. `sr-only`), so the link is still called "Jargon".
 */
export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        "flex shrink-0 items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight",
        className,
      )}
    >
      <span
        aria-hidden
        className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-base font-black text-white shadow-sm"
      >
        J
      </span>
      <span className={wordmarkClassName}>Jargon</span>
    </Link>
  );
}

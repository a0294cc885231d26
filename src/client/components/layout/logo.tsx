import { Link } from "wouter";
import { cn } from "@client/lib/utils";

/** The brand mark and name, linking home. */
export function Logo({ className }: { className?: string }) {
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
      <span>Jargon</span>
    </Link>
  );
}

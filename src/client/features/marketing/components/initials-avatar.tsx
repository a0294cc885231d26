import { cn } from "@client/lib/utils";

/** A person's initials on the brand gradient; decorative, since the name is always written next to it. */
export function InitialsAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid size-12 shrink-0 place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 font-semibold text-white",
        className,
      )}
    >
      {initials}
    </span>
  );
}

import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { makeMenuDismissible } from "./dismissible-menu";

/**
 * The public pages' navigation below the desktop breakpoint. A native <details> disclosure keeps the visitors'
 * first screen free of a popover library and works without JavaScript (the prerendered pages); it closes on a
 * choice, on Escape and on a click elsewhere.
 */
export function PublicMobileMenu({ links }: { links: { href: string; label: string }[] }) {
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (details.current) return makeMenuDismissible(details.current);
  }, []);

  return (
    <details ref={details} data-menu className="group relative lg:hidden">
      <summary
        aria-label="Open menu"
        className="grid size-10 cursor-pointer list-none place-items-center rounded-lg text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-5 group-open:hidden" aria-hidden />
        <X className="hidden size-5 group-open:block" aria-hidden />
      </summary>
      <nav
        aria-label="Menu"
        className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-border bg-card p-2 shadow-lg"
      >
        <ul>
          {links.map(({ href, label }) => (
            <li key={href}>
              <Link
                href={href}
                onClick={() => {
                  if (details.current) details.current.open = false;
                }}
                className="block rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-muted"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

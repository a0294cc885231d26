import { Link, useLocation } from "wouter";
import { cn } from "@client/lib/utils";
import { isActivePath, MAIN_NAV } from "./nav-items";

/** The mobile bottom tab bar with the five main links (hidden from 768 px up). */
export function BottomTabs() {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {MAIN_NAV.map(({ href, label, icon: Icon }) => {
          const active = isActivePath(href, location);
          return (
            <li key={href} className="flex">
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors",
                  active ? "text-primary" : "text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon className="size-5" aria-hidden strokeWidth={active ? 2.4 : 2} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

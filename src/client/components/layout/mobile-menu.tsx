import Menu from "lucide-react/icons/menu";
import type { User } from "@shared/api/auth";
import { lazyMenu } from "@client/components/ui/lazy-menu";

const MobileMenuDrawer = lazyMenu(() =>
  import("./mobile-menu-drawer").then((module) => module.MobileMenuDrawer),
);

/** The hamburger menu under 768 px: the nav links and Progress, the account entries, the theme and 'Need help?'. */
export function MobileMenu({ user }: { user: User }) {
  return (
    <MobileMenuDrawer
      user={user}
      trigger={
        <button
          type="button"
          className="grid size-10 place-items-center rounded-lg hover:bg-muted md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
        >
          <Menu className="size-5" aria-hidden />
        </button>
      }
    />
  );
}

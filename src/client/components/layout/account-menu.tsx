import Check from "lucide-react/icons/check";
import LogOut from "lucide-react/icons/log-out";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "wouter";
import type { User } from "@shared/api/auth";
import { THEMES, type Theme } from "@shared/constants";
import type { LazyMenuProps } from "@client/components/ui/lazy-menu";
import { displayName } from "@client/lib/auth";
import { useTheme } from "@client/lib/theme";
import { LOGOUT_PATH } from "@client/lib/unauthorized";
import { userMenuItems } from "./nav-items";
import { THEME_OPTIONS } from "./theme-switcher";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground";

const isTheme = (value: string): value is Theme => THEMES.includes(value as Theme);

/** The user menu's list, fetched when its trigger (user-menu.tsx) is first used; it mounts open. */
export function AccountMenu({ user, trigger }: LazyMenuProps & { user: User }) {
  const name = displayName(user);
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {userMenuItems(user).map(({ href, label, icon: Icon }) => (
            <DropdownMenu.Item key={href} asChild className={itemClass}>
              <Link href={href}>
                <Icon aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-semibold text-muted-foreground">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
            {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={itemClass}>
                <Icon aria-hidden />
                {label}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check aria-hidden className="text-primary!" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <a href={LOGOUT_PATH}>
              <LogOut aria-hidden />
              Logout
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

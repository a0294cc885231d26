import ArrowRight from "lucide-react/icons/arrow-right";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@client/components/ui/button";
import { LOGIN_PATH } from "@client/lib/unauthorized";

/** Every login call to action: a plain link, so the browser navigates (full page) to /api/login. */
export function LoginButton({
  children,
  arrow = false,
  ...props
}: Omit<ButtonProps, "asChild" | "children"> & { children: ReactNode; arrow?: boolean }) {
  return (
    <Button asChild {...props}>
      <a href={LOGIN_PATH}>
        {children}
        {arrow ? <ArrowRight aria-hidden /> : null}
      </a>
    </Button>
  );
}

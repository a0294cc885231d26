import ArrowRight from "lucide-react/icons/arrow-right";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button, type ButtonProps } from "@client/components/ui/button";
import { useAuth } from "@client/lib/auth";
import { LoginButton } from "../login-button";

/**
 * A public page's main call to action. Visitors go to the login path (a full-page navigation); a signed-in
 * member, who has nothing to log into, goes to the place in the app the button promises instead.
 */
export function GetStartedButton({
  children,
  signedInHref = "/discover",
  arrow = true,
  ...props
}: Omit<ButtonProps, "asChild" | "children"> & {
  children: ReactNode;
  signedInHref?: string;
  arrow?: boolean;
}) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <LoginButton arrow={arrow} {...props}>
        {children}
      </LoginButton>
    );
  }
  return (
    <Button asChild {...props}>
      <Link href={signedInHref}>
        {children}
        {arrow ? <ArrowRight aria-hidden /> : null}
      </Link>
    </Button>
  );
}

import type { ComponentProps } from "react";
import { Button } from "../../components/ui/button";
import { isUnauthorizedError } from "../../lib/unauthorized";
import { toast } from "../../lib/toast";
import { useCustomerPortal } from "./api/customer-portal";
import { serverMessage } from "./api/errors";

/**
 * Opens the provider's customer portal in a new tab (plans-billing §2). The tab is opened at the click, so
 * pop-up blockers allow it, and pointed at the portal once its URL is known.
 */
export function CustomerPortalButton({ children, ...props }: ComponentProps<typeof Button>) {
  const portal = useCustomerPortal();
  async function open() {
    const tab = window.open("about:blank", "_blank");
    try {
      const { url } = await portal.mutateAsync();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      tab?.close();
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: serverMessage(error, "Failed to open the billing portal. Please try again."),
        variant: "destructive",
      });
    }
  }
  return (
    <Button
      type="button"
      {...props}
      onClick={() => void open()}
      disabled={portal.isPending || props.disabled}
    >
      {children}
    </Button>
  );
}

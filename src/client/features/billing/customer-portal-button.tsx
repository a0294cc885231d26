import type { ComponentProps } from "react";
import { Button } from "@client/components/ui/button";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { toast } from "@client/lib/toast";
import { useCustomerPortal } from "./api/customer-portal";
import { serverMessage } from "./api/errors";
import { useStripeConfig } from "./api/get-stripe-config";

/** Where payments can still be managed when no portal session can be made: the sandbox's page, or Stripe's. */
const SANDBOX_PORTAL = "/sandbox/portal";
const STRIPE_DASHBOARD = "https://dashboard.stripe.com/";

interface CustomerPortalButtonProps extends ComponentProps<typeof Button> {
  /**
   * Settings' payment management (plans-billing §2): when no portal session can be made, open the payment provider's
   * own page instead and say so. Without it, a failure only shows an error toast.
   */
  fallBackToProviderPage?: boolean;
}

/**
 * Opens the provider's customer portal in a new tab (plans-billing §2). The tab is opened during the click, so pop-up
 * blockers allow it, and pointed at its address once that is known.
 */
export function CustomerPortalButton({
  children,
  fallBackToProviderPage,
  ...props
}: CustomerPortalButtonProps) {
  const portal = useCustomerPortal();
  // Only the fallback needs to know the provider.
  const config = useStripeConfig({ enabled: Boolean(fallBackToProviderPage) });

  async function open() {
    const tab = window.open("about:blank", "_blank");
    const go = (url: string) => {
      if (!tab) return window.location.assign(url);
      tab.opener = null;
      tab.location.href = url;
    };
    try {
      go((await portal.mutateAsync()).url);
    } catch (error) {
      if (isUnauthorizedError(error)) {
        tab?.close();
      } else if (fallBackToProviderPage) {
        go(config.data?.provider === "stripe" ? STRIPE_DASHBOARD : SANDBOX_PORTAL);
        toast({
          title: "Billing portal unavailable",
          description: `${serverMessage(error, "We couldn't open your billing portal.")} We've opened the payment provider's page instead.`,
          variant: "destructive",
        });
      } else {
        tab?.close();
        toast({
          title: "Error",
          description: serverMessage(error, "Failed to open the billing portal. Please try again."),
          variant: "destructive",
        });
      }
    }
  }

  return (
    <Button
      type="button"
      {...props}
      onClick={() => void open()}
      disabled={portal.isPending || props.disabled}
    >
      {portal.isPending ? "Opening..." : children}
    </Button>
  );
}

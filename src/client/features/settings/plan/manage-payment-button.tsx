import type { ComponentProps } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { isUnauthorizedError } from "../../../lib/unauthorized";
import { serverMessage, useCustomerPortal, useStripeConfig } from "../../billing";

/** Where payments can still be managed when no portal session can be made: the sandbox's page, or Stripe's. */
const SANDBOX_PORTAL = "/sandbox/portal";
const STRIPE_DASHBOARD = "https://dashboard.stripe.com/";

/**
 * plans-billing §2: payment management opens the provider's customer portal in a new tab; when that fails it
 * opens the payment provider's dashboard page instead and says so in a toast. The tab is opened during the
 * click, so pop-up blockers allow it, and pointed at its address once that is known.
 */
export function ManagePaymentButton({ children, ...props }: ComponentProps<typeof Button>) {
  const portal = useCustomerPortal();
  const config = useStripeConfig();

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
        return;
      }
      go(config.data?.provider === "stripe" ? STRIPE_DASHBOARD : SANDBOX_PORTAL);
      toast({
        title: "Billing portal unavailable",
        description: `${serverMessage(error, "We couldn't open your billing portal.")} We've opened the payment provider's page instead.`,
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
      {portal.isPending ? "Opening..." : children}
    </Button>
  );
}

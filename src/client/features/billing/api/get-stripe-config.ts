import { useQuery } from "@tanstack/react-query";
import type { StripeConfig } from "@shared/api/billing";
import { STRIPE_CONFIG_KEY } from "@client/lib/query-keys";

/** GET /api/stripe-config: fetched once and cached (learner-core §7); the provider decides which card form shows. */
export function useStripeConfig(options: { enabled?: boolean } = {}) {
  return useQuery<StripeConfig>({
    queryKey: STRIPE_CONFIG_KEY,
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: options.enabled ?? true,
  });
}

import type { QueryClient } from "@tanstack/react-query";
import { AUTH_USER_KEY } from "../../../lib/auth";
import { SUBSCRIPTION_VIEWS_PATHS } from "./keys";

/** After a plan change: the user (plan fields) and the subscription lists (some were paused or resumed). */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    ...SUBSCRIPTION_VIEWS_PATHS.map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
  ]);
}

import { useQuery } from "@tanstack/react-query";
import type { Credits } from "@shared/api/credits";
import { CREDITS_KEY } from "@client/lib/query-keys";

/** GET /api/credits: the library's sources and the notices their licences ask for (public). */
export function useCredits() {
  return useQuery<Credits>({ queryKey: CREDITS_KEY });
}

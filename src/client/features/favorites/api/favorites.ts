import { useQuery } from "@tanstack/react-query";
import type { Favorite } from "@shared/api/favorites";
import { useAuth } from "@client/lib/auth";
import { FAVORITES_KEY, forUser } from "@client/lib/query-keys";

/** learner-core §7: favorites are cached per user id. */

export function useFavorites() {
  const { user } = useAuth();
  return useQuery<Favorite[]>({ queryKey: forUser(FAVORITES_KEY, user?.id), enabled: Boolean(user) });
}

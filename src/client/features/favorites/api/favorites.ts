import { useQuery } from "@tanstack/react-query";
import type { Favorite } from "../../../../shared/api/favorites";
import { useAuth } from "../../../lib/auth";

/** learner-core §7: favorites are cached per user id. */
export const favoritesKey = (userId: string | undefined) => ["/api/favorites", userId] as const;

export function useFavorites() {
  const { user } = useAuth();
  return useQuery<Favorite[]>({ queryKey: favoritesKey(user?.id), enabled: Boolean(user) });
}

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Favorite } from "@shared/api/favorites";
import type { DeliveredItem } from "@shared/api/notifications";
import { apiRequest } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import {
  FAVORITES_KEY,
  NOTIFICATIONS_KEY,
  RECENT_ACTIVITY_KEY,
  STATS_KEY,
  TODAY_ACTIVITY_KEY,
} from "@client/lib/query-keys";

export interface FavoriteChange {
  contentId: number;
  /** true saves the word, false removes it. */
  favorite: boolean;
}

/** Every list that shows a word's heart or counts favorites, plus the two the spec names (§7). */
const AFFECTED_KEYS = [
  FAVORITES_KEY,
  TODAY_ACTIVITY_KEY,
  STATS_KEY,
  NOTIFICATIONS_KEY,
  RECENT_ACTIVITY_KEY,
] as const;

/** Flips the heart in today's learning and drops a removed word from the favorites lists right away. */
function showChange(queryClient: QueryClient, { contentId, favorite }: FavoriteChange): void {
  queryClient.setQueriesData<DeliveredItem[]>({ queryKey: TODAY_ACTIVITY_KEY }, (items) =>
    items?.map((item) => (item.contentId === contentId ? { ...item, isFavorite: favorite } : item)),
  );
  if (!favorite) {
    queryClient.setQueriesData<Favorite[]>({ queryKey: FAVORITES_KEY }, (favorites) =>
      favorites?.filter((entry) => entry.contentId !== contentId),
    );
  }
}

/**
 * Save or remove a favorite, with the spec's toasts ('Added to favorites' / 'Removed from favorites', and
 * their failures). The screen changes at once; a failure puts the lists back as the server has them.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ contentId, favorite }: FavoriteChange) => {
      if (favorite) await apiRequest("POST", "/api/favorites", { contentId });
      else await apiRequest("DELETE", `/api/favorites/${contentId}`);
    },
    onMutate: async (change) => {
      await Promise.all(AFFECTED_KEYS.slice(0, 2).map((queryKey) => queryClient.cancelQueries({ queryKey })));
      showChange(queryClient, change);
    },
    onSuccess: (_data, { favorite }) =>
      toast(
        favorite
          ? {
              title: "Added to favorites",
              description: "Definition saved to your favorites",
              variant: "success",
            }
          : { title: "Removed from favorites", description: "Definition removed from your favorites" },
      ),
    onError: (error, { favorite }) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: favorite ? "Failed to add to favorites" : "Failed to remove from favorites",
        variant: "destructive",
      });
    },
    onSettled: () =>
      Promise.all(AFFECTED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  return {
    toggle: (change: FavoriteChange) => mutation.mutate(change),
    /** Whether a change of this word is on its way (its heart is disabled meanwhile). */
    isChanging: (contentId: number) => mutation.isPending && mutation.variables?.contentId === contentId,
  };
}

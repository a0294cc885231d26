import { useQuery } from "@tanstack/react-query";
import type { Progress } from "@shared/api/learning";
import { useAuth } from "@client/lib/auth";
import { forUser, PROGRESS_KEY } from "@client/lib/query-keys";

/** The Progress figures (streak, mastered, due, forecast, retention, topics), cached per user. */
export function useProgress() {
  const { user } = useAuth();
  return useQuery<Progress>({ queryKey: forUser(PROGRESS_KEY, user?.id), enabled: Boolean(user) });
}

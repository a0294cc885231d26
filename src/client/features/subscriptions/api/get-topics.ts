import { useQuery } from "@tanstack/react-query";
import type { Topic } from "@shared/api/topics";
import { TOPICS_KEY } from "@client/lib/query-keys";

/** GET /api/topics: every topic, in library order, with its Discover tab. */
export function useTopics() {
  return useQuery<Topic[]>({ queryKey: TOPICS_KEY });
}

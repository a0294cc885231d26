import { useQuery } from "@tanstack/react-query";
import type { TopicSamplesResponse } from "../../../../shared/api/topics";

export const TOPIC_SAMPLES_KEY = ["/api/topics/samples"] as const;

/** GET /api/topics/samples: three real library words per sampled domain (public). */
export function useTopicSamples() {
  return useQuery<TopicSamplesResponse>({ queryKey: TOPIC_SAMPLES_KEY });
}

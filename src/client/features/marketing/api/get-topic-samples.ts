import { useQuery } from "@tanstack/react-query";
import type { TopicSamplesResponse } from "@shared/api/topics";
import { TOPIC_SAMPLES_KEY } from "@client/lib/query-keys";

/** GET /api/topics/samples: three real library words per sampled domain (public). */
export function useTopicSamples() {
  return useQuery<TopicSamplesResponse>({ queryKey: TOPIC_SAMPLES_KEY });
}

import { useQuery } from "@tanstack/react-query";
import type { Preferences } from "@shared/api/preferences";
import { useAuth } from "@client/lib/auth";
import { PREFERENCES_KEY } from "@client/lib/query-keys";
import { resumeDayText } from "../format";

export interface DeliveryPause {
  /** The instant deliveries resume. */
  until: string;
  /** That day in the learner's zone: "Thursday, March 12, 2026". */
  resumeDay: string;
}

/**
 * The learner's pause of every delivery (Settings → Alerts → Schedule), read from GET /api/preferences; null while
 * deliveries run. The dashboard and each subscription show it, so a pause is never only in Settings.
 */
export function useDeliveryPause(): { pause: DeliveryPause | null; isPending: boolean } {
  const { user } = useAuth();
  const { data, isPending } = useQuery<Preferences>({ queryKey: PREFERENCES_KEY, enabled: Boolean(user) });
  const until = data?.pause?.until;
  return {
    pause: until ? { until, resumeDay: resumeDayText(until, user?.timeZone ?? null) } : null,
    isPending,
  };
}

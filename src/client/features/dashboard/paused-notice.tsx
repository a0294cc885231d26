import PauseCircle from "lucide-react/icons/circle-pause";
import PlayCircle from "lucide-react/icons/circle-play";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/lib/toast";
import { DELIVERIES_RESUMED_TOAST, useUpdatePreferences } from "../settings";
import { useDeliveryPause } from "../subscriptions";

/** While the learner has paused every delivery (Settings → Alerts): until when, and Resume now. */
export function PausedNotice() {
  const { pause } = useDeliveryPause();
  const update = useUpdatePreferences();
  if (!pause) return null;
  const resume = () =>
    update.mutate(
      { pause: null },
      {
        onSuccess: () => toast(DELIVERIES_RESUMED_TOAST),
        onError: () => toast({ title: "Could not resume deliveries", variant: "destructive" }),
      },
    );
  return (
    <section
      aria-label="Deliveries paused"
      data-testid="dashboard-paused"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-primary/25 bg-primary/5 px-4 py-2.5 text-sm"
    >
      <PauseCircle className="size-4 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Deliveries paused until {pause.resumeDay}.</strong> They resume by
        themselves on that day.
      </p>
      <Button type="button" size="sm" variant="outline" onClick={resume} disabled={update.isPending}>
        <PlayCircle aria-hidden />
        {update.isPending ? "Resuming..." : "Resume now"}
      </Button>
    </section>
  );
}

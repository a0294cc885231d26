import PauseCircle from "lucide-react/icons/circle-pause";
import { useId, useState } from "react";
import type { Subscription } from "@shared/api/subscriptions";
import { FREQUENCY_LABELS } from "@shared/rules/frequencies";
import { ChannelIcons, channelsText, enabledChannels } from "@client/channels";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { formatBillingDate, serverMessage, useDowngradeWithSelection } from "../billing";

const SELECTION_REQUIRED = "Please select a subscription to keep on the free plan";

/** plans-billing §2's delivery method icon: one per channel the subscription uses (the spec's two among them). */
function DeliveryIcons({ subscription }: { subscription: Subscription }) {
  const channels = enabledChannels(subscription.channels);
  const label = channelsText(channels);
  return (
    <span className="inline-flex items-center gap-1" title={label}>
      <ChannelIcons channels={channels} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * plans-billing §2 downgrade chooser: the free plan keeps one subscription; the others are paused and can be
 * reactivated after an upgrade.
 */
export function DowngradeChooser({
  subscriptions,
  onClose,
}: {
  subscriptions: Subscription[] | null;
  onClose: () => void;
}) {
  const id = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const downgrade = useDowngradeWithSelection();
  const open = subscriptions !== null;
  const toPause = (subscriptions ?? []).filter((subscription) => subscription.id !== selected);

  function close() {
    setSelected(null);
    downgrade.reset();
    onClose();
  }

  async function confirm() {
    if (downgrade.isPending) return;
    if (selected === null) {
      toast({ title: "Selection Required", description: SELECTION_REQUIRED, variant: "destructive" });
      return;
    }
    try {
      const answer = await downgrade.mutateAsync(selected);
      toast({ title: "Plan Downgraded Successfully", description: answer.message, variant: "success" });
      close();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Downgrade Failed",
        description: serverMessage(error, "Failed to process downgrade"),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Choose Subscription to Keep</DialogTitle>
          <DialogDescription>
            The free plan allows only 1 subscription. The others will be paused and can be reactivated when
            you upgrade again.
          </DialogDescription>
        </DialogHeader>
        <fieldset>
          <legend className="sr-only">Subscription to keep</legend>
          <ul className="flex flex-col gap-2">
            {(subscriptions ?? []).map((subscription) => {
              const checked = selected === subscription.id;
              return (
                <li key={subscription.id}>
                  <label
                    htmlFor={`${id}-${subscription.id}`}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                      checked ? "border-primary bg-accent/60" : "border-border hover:bg-muted/60",
                    )}
                  >
                    <input
                      id={`${id}-${subscription.id}`}
                      type="radio"
                      name={`${id}-keep`}
                      value={subscription.id}
                      checked={checked}
                      onChange={() => setSelected(subscription.id)}
                      className="mt-1 size-4 accent-[var(--primary)]"
                    />
                    <span className="text-2xl leading-none" aria-hidden>
                      {subscription.topic.icon}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{subscription.topic.displayName}</span>
                      <span className="line-clamp-2 block text-sm text-muted-foreground">
                        {subscription.topic.description}
                      </span>
                      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                        <DeliveryIcons subscription={subscription} />
                        <span>{FREQUENCY_LABELS[subscription.frequency]}</span>
                        <span>Created {formatBillingDate(subscription.createdAt)}</span>
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {selected !== null ? (
          <section aria-labelledby={`${id}-paused`} className="mt-4 rounded-xl bg-muted/60 p-3">
            <h3 id={`${id}-paused`} className="flex items-center gap-1.5 text-sm font-semibold">
              <PauseCircle className="size-4" aria-hidden />
              Subscriptions to be paused ({toPause.length})
            </h3>
            <ul className="mt-1.5 list-inside list-disc text-sm text-muted-foreground">
              {toPause.map((subscription) => (
                <li key={subscription.id}>{subscription.topic.displayName}</li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">{SELECTION_REQUIRED}.</p>
        )}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button
            type="button"
            onClick={() => void confirm()}
            disabled={selected === null || downgrade.isPending}
            aria-busy={downgrade.isPending}
          >
            {downgrade.isPending ? "Processing..." : "Confirm Downgrade"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

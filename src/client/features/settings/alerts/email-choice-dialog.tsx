import { useEffect, useState } from "react";
import type { Subscription } from "@shared/api/subscriptions";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { subscriptionCount } from "./subscription-filters";

export interface EmailChoice {
  enableEmail: boolean;
  /** The subscriptions offered (plans-billing §5: only the ones whose e-mail would change). */
  candidates: Subscription[];
}

/**
 * plans-billing §2/§5: the dialog that lets the user choose which subscriptions get e-mail turned on or off.
 * Every candidate starts ticked; confirm stays disabled while nothing is ticked or nothing is eligible.
 */
export function EmailChoiceDialog({
  choice,
  pending,
  onConfirm,
  onCancel,
  onPreferenceOnly,
}: {
  choice: EmailChoice | null;
  pending: boolean;
  onConfirm: (subscriptionIds: number[]) => void;
  onCancel: () => void;
  /** The toggle's enable mode with nothing to change: offered instead, it only stores the preference. */
  onPreferenceOnly?: () => void;
}) {
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (choice) setTicked(new Set(choice.candidates.map((subscription) => subscription.id)));
  }, [choice]);
  const enable = choice?.enableEmail ?? true;
  const candidates = choice?.candidates ?? [];
  const verb = enable ? "Enable" : "Disable";

  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{verb} Email for Subscriptions</DialogTitle>
          <DialogDescription>
            {candidates.length === 0
              ? onPreferenceOnly
                ? "None of your active subscriptions has email turned off. Turn email on to have new subscriptions send email too."
                : enable
                  ? "None of the chosen active subscriptions has email turned off."
                  : "None of the chosen active subscriptions has email turned on."
              : enable
                ? "Choose the subscriptions that should also send each definition by email."
                : "Choose the subscriptions that should stop sending email. They keep arriving in the app."}
          </DialogDescription>
        </DialogHeader>
        {candidates.length > 0 ? (
          <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-1">
            {candidates.map((subscription) => {
              const id = `email-choice-${subscription.id}`;
              return (
                <li key={subscription.id}>
                  <label
                    htmlFor={id}
                    className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted"
                  >
                    <Checkbox
                      id={id}
                      checked={ticked.has(subscription.id)}
                      onCheckedChange={(checked) =>
                        setTicked((current) => {
                          const next = new Set(current);
                          if (checked === true) next.add(subscription.id);
                          else next.delete(subscription.id);
                          return next;
                        })
                      }
                    />
                    <span className="truncate">{subscription.topic.displayName || "Unknown Topic"}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
        <DialogFooter>
          <span className="mr-auto hidden text-sm text-muted-foreground sm:inline" aria-live="polite">
            {ticked.size > 0 ? `${subscriptionCount(ticked.size)} chosen` : null}
          </span>
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          {candidates.length === 0 && onPreferenceOnly ? (
            <Button type="button" onClick={onPreferenceOnly} disabled={pending}>
              {pending ? "Updating..." : "Turn On Email"}
            </Button>
          ) : (
            <Button
              type="button"
              variant={enable ? "default" : "destructive"}
              disabled={pending || ticked.size === 0 || candidates.length === 0}
              onClick={() => onConfirm([...ticked])}
            >
              {pending ? "Updating..." : `${verb} Email`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

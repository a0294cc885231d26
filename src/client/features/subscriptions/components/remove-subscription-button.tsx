import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { useDeleteSubscription } from "../api";

/** The modal's 'Remove Subscription', asked once more with the spec's words (learner-core §5). */
export function RemoveSubscriptionButton({
  subscriptionId,
  onRemoved,
}: {
  subscriptionId: number;
  onRemoved(): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSubscription();
  const confirm = () =>
    remove.mutate(subscriptionId, {
      onSuccess: () => {
        toast({ title: "Subscription removed successfully!", variant: "success" });
        setConfirming(false);
        onRemoved();
      },
      onError: (error) => {
        setConfirming(false);
        if (isUnauthorizedError(error)) return;
        toast({
          title: "Error",
          description: "Failed to remove subscription. Please try again.",
          variant: "destructive",
        });
      },
    });
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title="Remove Subscription"
      description="Are you sure you want to remove this subscription? This action cannot be undone."
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Button
        type="button"
        variant="ghost"
        className="mr-auto px-2 text-destructive hover:bg-destructive/10 sm:px-4"
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden className="max-sm:hidden" />
        Remove Subscription
      </Button>
    </ConfirmDialog>
  );
}

import type { Subscription } from "@shared/api/subscriptions";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { useDeleteSubscription } from "../api";

/** The subscriptions page's delete, confirmed with the spec's question; open while it names a subscription. */
export function DeleteSubscriptionDialog({
  open,
  subscription,
  onClose,
}: {
  open: boolean;
  subscription: Subscription | null;
  onClose(): void;
}) {
  const remove = useDeleteSubscription();
  const confirm = () => {
    if (!subscription) return;
    remove.mutate(subscription.id, {
      onSuccess: () => toast({ title: "Subscription deleted successfully", variant: "success" }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: "Error", description: "Failed to delete subscription", variant: "destructive" });
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${subscription?.topic.displayName ?? "subscription"}?`}
      description="Are you sure you want to delete this subscription?"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

import type { Subscription } from "../../../../shared/api/subscriptions";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { isUnauthorizedError } from "../../../lib/unauthorized";
import { useDeleteSubscription } from "../api";

/** The subscriptions page's delete, confirmed with the spec's question. */
export function DeleteSubscriptionDialog({
  subscription,
  onClose,
}: {
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
    <AlertDialog open={subscription !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {subscription?.topic.displayName ?? "subscription"}?</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete this subscription?</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

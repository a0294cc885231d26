import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { toast } from "../../../lib/toast";
import { isUnauthorizedError } from "../../../lib/unauthorized";
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
    <AlertDialog open={confirming} onOpenChange={setConfirming}>
      <Button
        type="button"
        variant="ghost"
        className="mr-auto px-2 text-destructive hover:bg-destructive/10 sm:px-4"
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden className="max-sm:hidden" />
        Remove Subscription
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove Subscription</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to remove this subscription? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? "Removing..." : "Remove"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

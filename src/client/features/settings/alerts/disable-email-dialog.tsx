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

/** plans-billing §2: the e-mail toggle's disable mode. */
export function DisableEmailDialog({
  open,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disable Email Notifications?</AlertDialogTitle>
          <AlertDialogDescription>
            Disabling email notifications switches all your active subscriptions to in-app delivery only.
            We'll stop sending definitions by email, and all your content stays viewable in the app.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open with 'Updating...' until the answer. */}
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? "Updating..." : "Disable Email"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

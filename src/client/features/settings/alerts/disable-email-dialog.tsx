import { ConfirmDialog } from "@client/components/confirm-dialog";

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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      title="Disable Email Notifications?"
      description="Disabling email notifications switches all your active subscriptions to in-app delivery only. We'll stop sending definitions by email, and all your content stays viewable in the app."
      confirmLabel="Disable Email"
      pendingLabel="Updating..."
      pending={pending}
      onConfirm={onConfirm}
      cancelDisabledWhilePending
    />
  );
}

import Trash2 from "lucide-react/icons/trash";
import { useId, useState, type FormEvent } from "react";
import { DELETE_ACCOUNT_CONFIRMATION } from "@shared/api/account";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@client/components/ui/dialog";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { ApiError } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { useDeleteAccount } from "../api/delete-account";

/**
 * Deleting needs the typed word (GitHub- and Stripe-style): a stray click or Enter cannot delete an account.
 * Afterwards the page reloads at '/', now signed out, so nothing of the old session stays in memory.
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const deleteAccount = useDeleteAccount();
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || deleteAccount.isPending) return;
    try {
      await deleteAccount.mutateAsync({ confirmation: typed });
      window.location.assign("/");
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Deletion Failed",
        description:
          error instanceof ApiError && error.body?.message
            ? error.body.message
            : "Failed to delete your account. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (deleteAccount.isPending) return;
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)}>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your profile, subscriptions, favorites, learning history and feedback are deleted for good, and
              any paid plan or trial is cancelled now with no further charges. You can sign up again later
              with the same e-mail as a new account.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>
              Type <span className="font-mono font-bold">{DELETE_ACCOUNT_CONFIRMATION}</span> to confirm
            </Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpen(false)}
              disabled={deleteAccount.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || deleteAccount.isPending}>
              {deleteAccount.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from "react";
import type { User } from "@shared/api/auth";
import { REFUND_PROCESSING_BUSINESS_DAYS } from "@shared/constants";
import { formatBillingDay, formatMoney } from "@shared/rules/billing";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { useLastCharge, useRefundLastCharge } from "../api/users";

/**
 * Support's refund (the Terms' 30 days): the learner's last payment, and a button that refunds all of it after a
 * confirmation naming the exact amount. When nothing can be refunded the button stays disabled and the server's
 * reason is shown beside it.
 */
export function RefundLastPayment({ user, onRefunded }: { user: User; onRefunded: () => void }) {
  const lastCharge = useLastCharge(user.id);
  const refund = useRefundLastCharge();
  const [confirming, setConfirming] = useState(false);
  const charge = lastCharge.data?.charge ?? null;
  const refusal = lastCharge.data?.refusal ?? null;
  const amount = charge ? formatMoney(charge.amount, charge.currency) : null;
  const statusId = `user-${user.id}-refund-status`;

  let status = "Looking up the last payment...";
  if (lastCharge.isError) status = serverMessage(lastCharge.error) ?? "The last payment could not be read.";
  else if (refusal) status = refusal.message;
  else if (charge) status = `Last payment: ${amount} on ${formatBillingDay(new Date(charge.chargedAt))}.`;

  const confirm = () =>
    refund.mutate(user.id, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast({ title: "Payment refunded", description: answer.message, variant: "success" });
        onRefunded();
      },
      onError: (error) => {
        setConfirming(false);
        if (!isUnauthorizedError(error))
          toast({ title: "Refund failed", description: serverMessage(error), variant: "destructive" });
      },
    });

  return (
    <div className="mt-6 space-y-3 border-t pt-4">
      <h4 className="text-sm font-semibold">Payments</h4>
      <p id={statusId} className="text-sm text-muted-foreground">
        {status}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (refund.isPending ? null : setConfirming(open))}
        title={`Refund ${amount} to ${user.email}?`}
        description={`All of the payment goes back to the card it came from within ${REFUND_PROCESSING_BUSINESS_DAYS} business days. The paid plan ends at once and the account moves to the Free plan. The learner gets one e-mail saying so.`}
        confirmLabel="Refund"
        pendingLabel="Refunding..."
        pending={refund.isPending}
        cancelDisabledWhilePending
        onConfirm={confirm}
      >
        <Button
          type="button"
          variant="outline"
          aria-describedby={statusId}
          disabled={!charge || refusal !== null || refund.isPending}
          onClick={() => setConfirming(true)}
        >
          Refund last payment
        </Button>
      </ConfirmDialog>
    </div>
  );
}

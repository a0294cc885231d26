import ArrowLeft from "lucide-react/icons/arrow-left";
import CreditCard from "lucide-react/icons/credit-card";
import FileText from "lucide-react/icons/file-text";
import FlaskConical from "lucide-react/icons/flask-conical";
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { PLAN_DISPLAY_NAMES } from "@shared/constants";
import { formatPlanAmount } from "@shared/rules/billing";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "./api/errors";
import { useSandboxPortal, useSandboxPortalCancel, useSandboxPortalUpdateCard } from "./api/sandbox-portal";
import {
  EMPTY_SANDBOX_CARD,
  isSandboxCardComplete,
  SandboxCardFields,
  sandboxCardInput,
} from "./card-form/sandbox-card-fields";
import { TestModeBadge } from "./card-form/test-mode-badge";
import { formatBillingDate } from "./format";

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed",
  canceled: "Ended",
  incomplete: "Awaiting payment",
};

/**
 * /sandbox/portal: what Stripe's customer portal does, for the built-in sandbox provider (no Stripe keys):
 * see the plan and invoices, replace the card (which retries an unpaid invoice), cancel at the period end.
 */
export default function SandboxPortalPage() {
  const portal = useSandboxPortal();
  const updateCard = useSandboxPortalUpdateCard();
  const cancel = useSandboxPortalCancel();
  const [card, setCard] = useState(EMPTY_SANDBOX_CARD);
  const view = portal.data;
  const subscription = view?.subscription ?? null;

  async function saveCard(event: FormEvent) {
    event.preventDefault();
    if (!isSandboxCardComplete(card) || updateCard.isPending) return;
    try {
      await updateCard.mutateAsync(sandboxCardInput(card));
      setCard(EMPTY_SANDBOX_CARD);
      toast({ title: "Payment method updated", variant: "success" });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Payment Failed",
        description: serverMessage(error, "Your card was declined."),
        variant: "destructive",
      });
    }
  }

  async function cancelPlan() {
    try {
      await cancel.mutateAsync();
      toast({
        title: "Cancellation Scheduled",
        description: "Your plan ends at the end of this billing period.",
      });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Cancellation Failed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <PageContainer className="max-w-3xl">
      <Link
        href="/settings?tab=plan"
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Return to Jargon
      </Link>
      <PageHeader
        title="Billing Portal"
        description={
          <span className="inline-flex items-center gap-1.5">
            <FlaskConical className="size-4" aria-hidden />
            Sandbox payments · {view?.email ?? "…"}
          </span>
        }
      />
      <div className="mb-6">
        <TestModeBadge />
      </div>
      {!view ? (
        <div className="flex flex-col gap-4" aria-busy>
          <Skeleton className="h-36 w-full rounded-2xl" />
          <Skeleton className="h-56 w-full rounded-2xl" />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Current plan</CardTitle>
              <CardDescription>
                {subscription
                  ? subscription.cancelAtPeriodEnd
                    ? `Ends on ${formatBillingDate(subscription.currentPeriodEnd)}`
                    : subscription.trialEnd && subscription.status === "trialing"
                      ? `Trial ends on ${formatBillingDate(subscription.trialEnd)}`
                      : `Renews on ${formatBillingDate(subscription.currentPeriodEnd)}`
                  : "No subscription"}
              </CardDescription>
            </CardHeader>
            {subscription ? (
              <CardContent className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex items-center gap-2">
                  <span className="font-semibold">{PLAN_DISPLAY_NAMES[subscription.planName]}</span>
                  <Badge variant={subscription.status === "past_due" ? "outline" : "secondary"}>
                    {STATUS_LABELS[subscription.status] ?? subscription.status}
                  </Badge>
                </div>
                {!subscription.cancelAtPeriodEnd && subscription.status !== "canceled" ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => void cancelPlan()}
                    disabled={cancel.isPending}
                  >
                    {cancel.isPending ? "Processing..." : "Cancel plan"}
                  </Button>
                ) : null}
              </CardContent>
            ) : null}
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Payment method</CardTitle>
              <CardDescription className="flex items-center gap-1.5">
                <CreditCard className="size-4" aria-hidden />
                {view.card
                  ? `${view.card.brand.toUpperCase()} ending ${view.card.last4}, expires ${String(view.card.expMonth).padStart(2, "0")}/${view.card.expYear}`
                  : "No card saved"}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form onSubmit={(event) => void saveCard(event)} className="flex flex-col gap-4" noValidate>
                <SandboxCardFields value={card} onChange={setCard} disabled={updateCard.isPending} />
                <div className="flex justify-end">
                  <Button type="submit" disabled={!isSandboxCardComplete(card) || updateCard.isPending}>
                    {updateCard.isPending ? "Processing..." : "Update payment method"}
                  </Button>
                </div>
              </form>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Invoices</CardTitle>
            </CardHeader>
            <CardContent>
              {view.invoices.length === 0 ? (
                <p className="text-sm text-muted-foreground">No invoices yet.</p>
              ) : (
                <ul className="divide-y divide-border">
                  {view.invoices.map((invoice) => (
                    <li key={invoice.id} className="flex items-center gap-3 py-2.5 text-sm">
                      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="flex-1">{formatBillingDate(invoice.createdAt)}</span>
                      <span className="font-medium">{formatPlanAmount(invoice.amount)}</span>
                      <Badge variant={invoice.status === "paid" ? "secondary" : "outline"}>
                        {invoice.status}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}

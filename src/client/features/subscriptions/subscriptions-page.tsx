import CloudOff from "lucide-react/icons/cloud-off";
import Compass from "lucide-react/icons/compass";
import Layers from "lucide-react/icons/layers";
import Plus from "lucide-react/icons/plus";
import { useState } from "react";
import { Link } from "wouter";
import type { Subscription } from "@shared/api/subscriptions";
import { EmptyState } from "@client/components/layout/empty-state";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAuth } from "@client/lib/auth";
import { useDeliveryPause, useSubscriptions, useToggleSubscriptionActive, useTopicExhausted } from "./api";
import { DeleteSubscriptionDialog } from "./components/lazy-delete-subscription-dialog";
import { SubscriptionCard } from "./components/subscription-card";
import { useDemoSender } from "./use-demo-sender";
import { SubscriptionModal } from "./lazy-subscription-modal";

type ModalState = { open: false } | { open: true; subscription?: Subscription };

export default function SubscriptionsPage() {
  const { user } = useAuth();
  const subscriptions = useSubscriptions();
  const { pause } = useDeliveryPause();
  const topicExhausted = useTopicExhausted();
  const toggle = useToggleSubscriptionActive({ method: "PUT" });
  const demo = useDemoSender();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const list = subscriptions.data;

  return (
    <PageContainer>
      <PageHeader
        title="Subscriptions"
        description="Choose what you learn, how often and how it reaches you."
        actions={
          <Button onClick={() => setModal({ open: true })}>
            <Plus aria-hidden />
            Add New Subscription
          </Button>
        }
      />

      {subscriptions.isLoading ? (
        <SubscriptionGridSkeleton />
      ) : list && list.length > 0 ? (
        <ul aria-label="Your subscriptions" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((subscription) => (
            <li key={subscription.id} className="flex flex-col [&>*]:flex-1">
              <SubscriptionCard
                subscription={subscription}
                pause={pause}
                topicExhausted={topicExhausted(subscription.id)}
                isAdmin={user?.isAdmin ?? false}
                onToggle={(active) => toggle.mutate({ id: subscription.id, active })}
                onEdit={() => setModal({ open: true, subscription })}
                onDelete={() => setDeleting(subscription)}
                onSendDemo={() => demo.send(subscription.id)}
                demoPending={demo.pendingId === subscription.id}
              />
            </li>
          ))}
        </ul>
      ) : subscriptions.isError ? (
        <EmptyState
          icon={CloudOff}
          title="Subscriptions could not be loaded"
          description="Check your connection and try again."
          action={
            <Button variant="outline" onClick={() => void subscriptions.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : (
        <EmptySubscriptions />
      )}

      <SubscriptionModal
        open={modal.open}
        onOpenChange={(open) => setModal(open && modal.open ? modal : { open: false })}
        subscription={modal.open ? modal.subscription : undefined}
      />
      <DeleteSubscriptionDialog
        open={deleting !== null}
        subscription={deleting}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

function EmptySubscriptions() {
  return (
    <EmptyState
      icon={Layers}
      title="No subscriptions yet"
      description="Pick a topic and Jargon sends you a new word on your schedule, by e-mail or right here in the app."
      action={
        <Button asChild>
          <Link href="/discover">
            <Compass aria-hidden />
            Discover Topics
          </Link>
        </Button>
      }
    />
  );
}

/**
 * Three cards shaped like a subscription card, line for line (the title, two lines of description, the four rows,
 * the footer's buttons above its rule), so the cards that replace them do not jump (issue 25).
 */
function SubscriptionGridSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading subscriptions"
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="p-5">
          <div className="flex items-start gap-3">
            <Skeleton className="size-11 rounded-xl" />
            <div className="flex-1">
              <div className="py-1">
                <Skeleton className="h-4 w-1/2" />
              </div>
              <div className="mt-0.5 space-y-2">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            </div>
            <Skeleton className="h-6 w-11 rounded-full" />
          </div>
          <div className="mt-4 grid gap-2.5">
            {["h-[1.375rem]", "h-[1.375rem]", "h-5", "h-5"].map((height, row) => (
              <div key={row} className={`flex items-center justify-between ${height}`}>
                <Skeleton className="h-4 w-20" />
                <Skeleton className="h-4 w-28" />
              </div>
            ))}
          </div>
          <div className="mt-5 flex items-center justify-between border-t border-border pt-4">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </Card>
      ))}
    </div>
  );
}

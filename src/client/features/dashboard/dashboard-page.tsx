import { CalendarHeart, Plus } from "lucide-react";
import { useState } from "react";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { useAuth } from "@client/lib/auth";
import { TrialStatusNotice } from "@client/features/billing";
import { ProgressCard } from "../progress";
import { ReviewDueCard } from "../review";
import { SubscriptionModal } from "../subscriptions";
import { useStats } from "./api/stats";
import { FavoritesCard } from "./favorites-card";
import { StatTiles } from "./stat-tiles";
import { SubscriptionsCard } from "./subscriptions-card";
import { TodaysLearning } from "./todays-learning";

export default function DashboardPage() {
  const { user } = useAuth();
  const { data: stats, isPending } = useStats();
  const [creating, setCreating] = useState(false);
  const days = stats?.membershipDays ?? 0;

  return (
    <PageContainer>
      <PageHeader
        title="Learning Dashboard"
        description={
          isPending ? (
            // A span: the description is a paragraph.
            <span
              aria-hidden
              className="inline-block h-4 w-40 animate-pulse rounded-md bg-muted align-middle"
            />
          ) : (
            <span className="inline-flex items-center gap-1.5">
              <CalendarHeart className="size-4 text-primary" aria-hidden />
              <span data-testid="membership-days">
                {days} {days === 1 ? "day" : "days"} with Jargon
              </span>
            </span>
          )
        }
        actions={
          <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
            <Plus aria-hidden />
            Add Subscription
          </Button>
        }
      />
      <div className="space-y-6">
        {user ? <TrialStatusNotice user={user} /> : null}
        <StatTiles stats={stats} loading={isPending} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ReviewDueCard />
          <ProgressCard />
        </div>
        <div className="grid gap-6 lg:grid-cols-5">
          <TodaysLearning className="lg:col-span-3" />
          <FavoritesCard className="lg:col-span-2" />
        </div>
        <SubscriptionsCard onCreate={() => setCreating(true)} />
      </div>
      <SubscriptionModal open={creating} onOpenChange={setCreating} />
    </PageContainer>
  );
}

import CalendarHeart from "lucide-react/icons/calendar-heart";
import Plus from "lucide-react/icons/plus";
import { memo, useState } from "react";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { TakeOverLater } from "@client/components/take-over-later";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAuth } from "@client/lib/auth";
import { TrialStatusNotice } from "@client/features/billing";
import { useFavorites } from "../favorites";
import { ProgressCard, useProgress } from "../progress";
import { ReviewDueCard, useDueCards } from "../review";
import {
  SubscriptionModal,
  useDeliveryPause,
  useExhaustedSubscriptions,
  useSubscriptions,
} from "../subscriptions";
import { useStats } from "./api/stats";
import { useTodayActivity } from "./api/today-activity";
import { FavoritesCard } from "./favorites-card";
import { PausedNotice } from "./paused-notice";
import { StatTiles } from "./stat-tiles";
import { SubscriptionsCard } from "./subscriptions-card";
import { TodaysLearning } from "./todays-learning";

/** Where the first screen's three cards sit from 1024 px (the placeholder draws them in the same places). */
const FIRST_SCREEN_PLACES = {
  review: "lg:col-span-2 lg:col-start-4 lg:row-start-1",
  today: "lg:col-span-3 lg:col-start-1 lg:row-span-2 lg:row-start-1",
  progress: "lg:col-span-2 lg:col-start-4 lg:row-start-2",
};

/**
 * Whether any answer the dashboard's cards are drawn from is still to come. Until all are in, one placeholder holds
 * the space, so no card grows and pushes another after the first paint (issue 29: layout shift at most 0.02).
 * Every read the cards make is asked here, with the page: one the cards asked only once drawn would wait for all
 * the others first, and its answer in the page could go stale before it was read.
 */
function useFirstScreenPending(): boolean {
  const answers = [
    useStats(),
    useTodayActivity(),
    useDueCards(),
    useProgress(),
    useFavorites(),
    useSubscriptions(),
    useDeliveryPause(),
    useExhaustedSubscriptions(),
  ];
  return answers.some((answer) => answer.isPending);
}

export default function DashboardPage() {
  const { user } = useAuth();
  const { data: stats, isPending } = useStats();
  const firstScreenPending = useFirstScreenPending();
  const [creating, setCreating] = useState(false);
  const days = stats?.membershipDays ?? 0;

  return (
    <PageContainer>
      <PageHeader
        title="Learning Dashboard"
        description={
          // One box, a line of the paragraph high, whether it holds the placeholder or the figure: the figure's
          // icon made the line 4 px taller than the placeholder, and that moved the whole page down (issue 29).
          <span className="inline-flex h-5 items-center gap-1.5 align-top sm:h-6">
            {isPending ? (
              <Skeleton className="h-4 w-40" />
            ) : (
              <>
                <CalendarHeart className="size-4 text-primary" aria-hidden />
                <span data-testid="membership-days">
                  {days} {days === 1 ? "day" : "days"} with Jargon
                </span>
              </>
            )}
          </span>
        }
        actions={
          <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
            <Plus aria-hidden />
            Add Subscription
          </Button>
        }
      />
      {firstScreenPending ? (
        <DashboardPlaceholder />
      ) : (
        <div className="space-y-6">
          <PausedNotice />
          {user ? <TrialStatusNotice user={user} /> : null}
          {/*
           * Issue 29: the day's word and the reviews due come first, above the fold on a 390 × 844 phone and on a
           * desktop, before the figures. On a phone Review leads (its count and Start in one row); from 1024 px it
           * sits beside Today's Learning with Progress under it. The order never changes after the first paint.
           */}
          <div className="grid gap-6 lg:grid-cols-5">
            <TakeOverLater>
              <ReviewDueCard className={FIRST_SCREEN_PLACES.review} />
            </TakeOverLater>
            <TakeOverLater>
              <TodaysLearning className={FIRST_SCREEN_PLACES.today} />
            </TakeOverLater>
            <TakeOverLater>
              <ProgressCard className={FIRST_SCREEN_PLACES.progress} />
            </TakeOverLater>
          </div>
          <TakeOverLater>
            <StatTiles stats={stats} loading={isPending} />
          </TakeOverLater>
          <div className="grid gap-6 lg:grid-cols-5">
            <TakeOverLater>
              <FavoritesCard className="lg:col-span-2" />
            </TakeOverLater>
            <TakeOverLater>
              <SubscriptionsCard className="lg:col-span-3" onCreate={() => setCreating(true)} />
            </TakeOverLater>
          </div>
        </div>
      )}
      <SubscriptionModal open={creating} onOpenChange={setCreating} />
    </PageContainer>
  );
}

/**
 * The first screen while its answers arrive, as one busy region: Review, Today's Learning and Progress drawn as
 * loading, with their titles, in the places and (Review, Progress, and so Today's Learning beside them on a desktop)
 * the heights they have once loaded, so the cards that replace them do not jump (issue 25). They are replaced whole,
 * never grown one by one. Memoized: the page re-renders as each of its seven answers arrives, and the placeholder,
 * which draws none of them, need not.
 */
const DashboardPlaceholder = memo(function DashboardPlaceholder() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading your dashboard"
      className="grid gap-6 lg:grid-cols-5"
    >
      <ReviewDueCard loading className={FIRST_SCREEN_PLACES.review} />
      <TodaysLearning loading className={FIRST_SCREEN_PLACES.today} />
      <ProgressCard loading className={FIRST_SCREEN_PLACES.progress} />
    </div>
  );
});

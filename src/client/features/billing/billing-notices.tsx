import { useQueryClient } from "@tanstack/react-query";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Info from "lucide-react/icons/info";
import { useEffect } from "react";
import { Link } from "wouter";
import type { User } from "@shared/api/auth";
import { PLAN_DISPLAY_NAMES, PLAN_NAMES, type PlanName } from "@shared/constants";
import { billingNoticeFor } from "@shared/rules/billing";
import { describeFrequencyChange } from "@shared/rules/frequencies";
import { Button } from "@client/components/ui/button";
import { useAppConfig } from "@client/lib/app-config";
import { useSubscriptionValidation } from "./api/validate-subscription";
import { CustomerPortalButton } from "./customer-portal-button";
import {
  saveDowngradeReport,
  saveScheduleChanges,
  useDismissedFlag,
  useDowngradeReport,
  useScheduleChanges,
} from "./downgrade-report";
import { formatBillingDate } from "./format";
import { Notice } from "./notice";
import { AUTH_USER_KEY, SUBSCRIPTIONS_KEY } from "@client/lib/query-keys";

const planLabel = (plan: string | null) =>
  plan && (PLAN_NAMES as readonly string[]).includes(plan) ? PLAN_DISPLAY_NAMES[plan as PlanName] : "Paid";

/**
 * learner-core §4 billing notices, under the top navigation: payment failed (past_due, cannot be dismissed),
 * renewal in 3 days or fewer (dismissed per renewal date) and 'Plan Changed to Free' after a downgrade the
 * user did not choose. Also runs the 5-minute subscription validation while the tab is visible.
 */
export function BillingNotices({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const validation = useSubscriptionValidation(user.id);
  const [downgrade, dismissDowngrade] = useDowngradeReport(user.id);
  const [scheduleChanges, dismissScheduleChanges] = useScheduleChanges(user.id);
  const notice = billingNoticeFor(user, new Date());
  const [renewalDismissed, dismissRenewal] = useDismissedFlag(
    notice?.kind === "renewal" ? `${notice.dismissKey}:${user.id}` : null,
  );
  const supportEmail = useAppConfig()?.supportEmail;

  useEffect(() => {
    const answer = validation.data;
    const changes = answer?.frequencyChanges ?? [];
    if (!answer?.wasDowngraded && changes.length === 0) return;
    if (answer?.wasDowngraded) saveDowngradeReport(user.id, answer);
    if (changes.length) saveScheduleChanges(user.id, changes);
    void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
  }, [validation.data, user.id, queryClient]);

  const showRenewal = notice?.kind === "renewal" && !renewalDismissed;
  const showSchedule = Boolean(scheduleChanges?.length);
  if (notice?.kind !== "payment_failed" && !showRenewal && !downgrade && !showSchedule) return null;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 pt-4 sm:px-6 lg:px-8">
      {notice?.kind === "payment_failed" ? (
        <Notice
          tone="danger"
          icon={AlertTriangle}
          title="Payment Failed"
          actions={
            <CustomerPortalButton size="sm" variant="destructive">
              Update Payment Method
            </CustomerPortalButton>
          }
        >
          {notice.message}
        </Notice>
      ) : null}
      {showRenewal && notice?.kind === "renewal" ? (
        <Notice
          tone="info"
          icon={CalendarClock}
          title={
            notice.tomorrow
              ? "Your plan renews Tomorrow"
              : `Your plan renews in ${notice.daysUntilRenewal} days`
          }
          onDismiss={dismissRenewal}
          dismissLabel="Dismiss renewal notice"
        >
          Your {planLabel(user.subscriptionPlan)} plan renews {notice.tomorrow ? "tomorrow," : "on"}{" "}
          {formatBillingDate(user.nextBillingDate)} and your saved card will be charged automatically.
        </Notice>
      ) : null}
      {downgrade ? (
        <Notice
          tone="warning"
          icon={Info}
          title="Plan Changed to Free"
          onDismiss={dismissDowngrade}
          dismissLabel="Dismiss plan change notice"
          actions={
            downgrade.contactSuggested ? (
              <>
                <Button asChild size="sm" variant="outline">
                  <a href={`mailto:${supportEmail ?? ""}`}>Contact Us</a>
                </Button>
                <Button asChild size="sm">
                  <Link href="/pricing">
                    Upgrade Again
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </>
            ) : undefined
          }
        >
          <span className="font-medium">{planLabel(downgrade.previousPlan)} → Free.</span>{" "}
          {downgrade.downgradeReason}
        </Notice>
      ) : null}
      {showSchedule && scheduleChanges ? (
        <Notice
          tone="info"
          icon={CalendarClock}
          title="Your words now arrive once a day"
          onDismiss={dismissScheduleChanges}
          dismissLabel="Dismiss schedule change notice"
          actions={
            <Button asChild size="sm" variant="outline">
              <Link href="/subscriptions">Review Subscriptions</Link>
            </Button>
          }
        >
          Your plan no longer includes deliveries more often than daily, so{" "}
          {scheduleChanges.length === 1 ? "this subscription" : "these subscriptions"} moved to daily at the
          same time: {scheduleChanges.map(describeFrequencyChange).join("; ")}.
        </Notice>
      ) : null}
    </div>
  );
}

import BellRing from "lucide-react/icons/bell-ring";
import Filter from "lucide-react/icons/funnel";
import ListChecks from "lucide-react/icons/list-checks";
import Mail from "lucide-react/icons/mail";
import MailX from "lucide-react/icons/mail-x";
import SearchX from "lucide-react/icons/search-x";
import Sparkles from "lucide-react/icons/sparkles";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import type { Subscription } from "@shared/api/subscriptions";
import { EmptyState } from "@client/components/layout/empty-state";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { Label } from "@client/components/ui/label";
import { Skeleton } from "@client/components/ui/skeleton";
import { Switch } from "@client/components/ui/switch";
import { toast } from "@client/lib/toast";
import { useSubscriptions } from "@client/features/subscriptions";
import { usePreferences } from "../api/preferences";
import { SettingsSection } from "@client/components/layout/settings-section";
import { ChannelSettingsPanels } from "@client/channels/controls";
import { DisableEmailDialog } from "./disable-email-dialog";
import { EmailChoiceDialog, type EmailChoice } from "./email-choice-dialog";
import { ReviewParametersSection } from "./review-parameters-section";
import { ScheduleSection } from "./schedule-section";
import { SubscriptionEmailCard } from "./subscription-email-card";
import { SubscriptionFilterBar } from "./subscription-filter-bar";
import {
  NO_FILTERS,
  eligibleFor,
  filterSubscriptions,
  isActiveSubscription,
  type SubscriptionFilters,
} from "./subscription-filters";
import { useEmailActions } from "./use-email-actions";

/** Where the open choice dialog came from: the toggle's enable mode or the bulk buttons. */
type ChoiceOrigin = "toggle" | "bulk";

export function AlertsTab() {
  const preferences = usePreferences();
  const subscriptions = useSubscriptions();
  const actions = useEmailActions();
  const [filters, setFilters] = useState<SubscriptionFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  /** The toggle's position while its dialog is open or its request is running; null shows the stored value. */
  const [toggleOverride, setToggleOverride] = useState<boolean | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const [choice, setChoice] = useState<(EmailChoice & { origin: ChoiceOrigin }) | null>(null);
  const [cardPending, setCardPending] = useState<number | null>(null);

  const all = useMemo(() => subscriptions.data ?? [], [subscriptions.data]);
  const shown = useMemo(() => filterSubscriptions(all, filters), [all, filters]);
  const selectableShown = shown.filter(isActiveSubscription);
  const selectedShown = selectableShown.filter((subscription) => selected.has(subscription.id));
  const emailOn = toggleOverride ?? preferences.data?.emailNotifications ?? true;

  /** plans-billing §4: after disabling, the preference stays on only while another subscription still e-mails. */
  const preferenceAfter = (ids: number[], enableEmail: boolean) =>
    enableEmail || all.some((s) => isActiveSubscription(s) && s.emailEnabled && !ids.includes(s.id));

  function onToggle(next: boolean) {
    setToggleOverride(next);
    if (next) setChoice({ enableEmail: true, candidates: eligibleFor(all, true), origin: "toggle" });
    else setDisableOpen(true);
  }

  async function confirmDisableAll() {
    // On failure the stored value (still on) shows again: the toggle reverts (plans-billing §4).
    await actions.disableAllEmail();
    setDisableOpen(false);
    setToggleOverride(null);
  }

  function bulk(enableEmail: boolean) {
    const chosen = all.filter((subscription) => selected.has(subscription.id));
    if (chosen.length === 0) {
      toast({ title: "Please select subscriptions to update", variant: "destructive" });
      return;
    }
    if (!chosen.some(isActiveSubscription)) {
      toast({ title: "No active subscriptions selected", variant: "destructive" });
      return;
    }
    setChoice({ enableEmail, candidates: eligibleFor(chosen, enableEmail), origin: "bulk" });
  }

  async function confirmChoice(ids: number[]) {
    if (!choice) return;
    const ok = await actions.setEmails(
      ids,
      choice.enableEmail,
      choice.origin,
      preferenceAfter(ids, choice.enableEmail),
    );
    if (ok && choice.origin === "bulk") setSelected(new Set());
    if (ok || choice.origin === "bulk") closeChoice();
  }

  async function turnOnPreferenceOnly() {
    await actions.setEmailPreference(true);
    closeChoice();
  }

  function closeChoice() {
    setChoice(null);
    setToggleOverride(null);
  }

  async function onCardEmail(subscription: Subscription, enableEmail: boolean) {
    setCardPending(subscription.id);
    await actions.setEmails(
      [subscription.id],
      enableEmail,
      "card",
      preferenceAfter([subscription.id], enableEmail),
    );
    setCardPending(null);
  }

  function toggleSelected(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function selectAllShown(on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const subscription of selectableShown) {
        if (on) next.add(subscription.id);
        else next.delete(subscription.id);
      }
      return next;
    });
  }

  const allShownSelected = selectableShown.length > 0 && selectedShown.length === selectableShown.length;
  const loading = preferences.isPending || subscriptions.isPending;

  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        icon={BellRing}
        title="Email Notifications"
        description="Receive each new definition by email as well as in the app."
        action={
          loading ? (
            <Skeleton className="h-6 w-11 rounded-full" />
          ) : (
            <Switch
              checked={emailOn}
              onCheckedChange={onToggle}
              disabled={actions.disablePending || actions.emailsPending}
              aria-label="Email notifications"
            />
          )
        }
      />

      <ChannelSettingsPanels />

      <SettingsSection
        icon={ListChecks}
        title="Subscription Email Settings"
        description="Choose which of your subscriptions also send definitions by email."
      >
        {loading ? (
          <AlertsSkeleton />
        ) : all.length === 0 ? (
          <EmptyState
            icon={Sparkles}
            headingLevel={3}
            title="No subscriptions yet"
            description="Subscribe to a topic and its email settings appear here."
            action={
              <Button asChild variant="outline">
                <Link href="/discover">Discover topics</Link>
              </Button>
            }
          />
        ) : (
          <>
            <SubscriptionFilterBar subscriptions={all} filters={filters} onChange={setFilters} />
            <div className="mt-4 flex flex-col gap-3 border-y border-border py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="select-all-subscriptions"
                  checked={allShownSelected ? true : selectedShown.length > 0 ? "indeterminate" : false}
                  onCheckedChange={() => selectAllShown(!allShownSelected)}
                  disabled={selectableShown.length === 0}
                />
                <Label htmlFor="select-all-subscriptions" className="cursor-pointer">
                  Select all
                </Label>
              </div>
              <div className="grid grid-cols-2 gap-2 sm:flex">
                <Button type="button" variant="outline" size="sm" onClick={() => bulk(true)}>
                  <Mail aria-hidden />
                  Enable Email
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => bulk(false)}>
                  <MailX aria-hidden />
                  Disable Email
                </Button>
              </div>
            </div>
            {shown.length === 0 ? (
              <EmptyState
                icon={SearchX}
                headingLevel={3}
                className="mt-4"
                title="No subscriptions match these filters"
                action={
                  <Button type="button" variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                    <Filter aria-hidden />
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <ul className="mt-4 flex flex-col gap-3" aria-label="Subscriptions">
                {shown.map((subscription) => (
                  <SubscriptionEmailCard
                    key={subscription.id}
                    subscription={subscription}
                    selected={selected.has(subscription.id)}
                    onSelectedChange={(on) => toggleSelected(subscription.id, on)}
                    onEmailChange={(enableEmail) => void onCardEmail(subscription, enableEmail)}
                    emailPending={cardPending === subscription.id}
                  />
                ))}
              </ul>
            )}
            <p className="mt-4 text-sm text-muted-foreground" role="status">
              Showing {shown.length} of {all.length} total subscriptions
              {selected.size > 0 ? ` (${selected.size} selected)` : ""}
            </p>
          </>
        )}
      </SettingsSection>

      <DisableEmailDialog
        open={disableOpen}
        pending={actions.disablePending}
        onConfirm={() => void confirmDisableAll()}
        onCancel={() => {
          setDisableOpen(false);
          setToggleOverride(null);
        }}
      />
      <EmailChoiceDialog
        choice={choice}
        pending={actions.emailsPending || actions.preferencePending}
        onConfirm={(ids) => void confirmChoice(ids)}
        onCancel={closeChoice}
        onPreferenceOnly={choice?.origin === "toggle" ? () => void turnOnPreferenceOnly() : undefined}
      />
      <ScheduleSection />
      <ReviewParametersSection />
    </div>
  );
}

function AlertsSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading subscriptions">
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 rounded-lg" />
        ))}
      </div>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-[5.5rem] rounded-xl" />
      ))}
    </div>
  );
}

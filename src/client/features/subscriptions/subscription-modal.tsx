import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import type { PlanLimitError, Subscription } from "@shared/api/subscriptions";
import { planOf } from "@shared/rules/plans";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { ApiError } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { planErrorOf, useCreateSubscription, useEditSubscription, useSubscriptions, useTopics } from "./api";
import { RemoveSubscriptionButton } from "./components/remove-subscription-button";
import { SettingsStep } from "./components/settings-step";
import { SelectedTopic } from "./components/selected-topic";
import { TopicStep } from "./components/topic-step";
import { PlanLimitOffer, SaveErrorPanel } from "./components/upgrade-offer";
import { formatDeliveryInstant } from "./format";
import { usePlanLimitReached } from "./plan-room";
import { initialFormValues, toSubscriptionRequest, type SubscriptionFormValues } from "./subscription-form";

export interface SubscriptionModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Opens straight on step 2 with this topic chosen (a Discover card). */
  initialTopicId?: number;
  /** Edits this subscription: step 2, topic fixed, with 'Remove Subscription'. */
  subscription?: Subscription;
}

/**
 * Creates or edits a subscription (learner-core §2 "Subscription modal"): step 1 picks a topic, step 2 sets
 * frequency, channels and time. Escape and a backdrop click close it; every opening starts afresh.
 */
export function SubscriptionModal(props: SubscriptionModalProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open ? <SubscriptionModalContent {...props} /> : null}
    </Dialog>
  );
}

type Step = "topic" | "settings";

interface SaveError {
  message: string;
  planError: PlanLimitError | null;
}

function SubscriptionModalContent({ onOpenChange, initialTopicId, subscription }: SubscriptionModalProps) {
  const editing = subscription !== undefined;
  const { user } = useAuth();
  const topics = useTopics();
  const subscriptions = useSubscriptions();
  const [step, setStep] = useState<Step>(editing || initialTopicId !== undefined ? "settings" : "topic");
  const [values, setValues] = useState<SubscriptionFormValues>(() =>
    initialFormValues(subscription, initialTopicId),
  );
  const [formError, setFormError] = useState<{ field: "topic" | "channels"; message: string } | null>(null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const create = useCreateSubscription();
  const edit = useEditSubscription();
  const saving = create.isPending || edit.isPending;
  // Limits before effort (issue 17): a new subscription the plan has no room for shows the offer, not the form.
  const planLimit = usePlanLimitReached();
  const limitFirst = !editing && planLimit !== null;

  const subscribedTopicIds = useMemo(
    () => new Set((subscriptions.data ?? []).map((item) => item.topicId)),
    [subscriptions.data],
  );
  const topic = topics.data?.find((candidate) => candidate.id === values.topicId);
  const close = () => onOpenChange(false);
  // Opened from a card or a button, not a Radix trigger: Radix would send focus nowhere on close, so send it back.
  const openedFrom = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (openedFrom.current?.isConnected) openedFrom.current.focus();
  };

  const change = useCallback((update: (current: SubscriptionFormValues) => SubscriptionFormValues) => {
    setValues(update);
    setFormError(null);
    setSaveError(null);
  }, []);

  const failed = (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    const planError = planErrorOf(error, user ? planOf(user) : "free");
    const serverMessage = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
    setSaveError({
      planError,
      message:
        serverMessage ??
        (editing
          ? "Failed to update subscription. Please try again."
          : "Failed to create subscription. Please try again."),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = toSubscriptionRequest(values);
    if (!check.ok) {
      setFormError({ field: check.field, message: check.message });
      if (check.field === "topic") setStep("topic");
      return;
    }
    setSaveError(null);
    if (subscription) {
      edit.mutate(
        { id: subscription.id, input: check.request },
        {
          onSuccess: () => {
            toast({ title: "Subscription updated successfully", variant: "success" });
            close();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(check.request, {
        onSuccess: (created) => {
          toast({
            title: "Welcome to your new topic!",
            description: created.nextDelivery
              ? `Your first word arrives ${formatDeliveryInstant(created.nextDelivery)}.`
              : undefined,
            variant: "success",
          });
          close();
        },
        onError: failed,
      });
    }
  };

  const title = editing ? "Edit Subscription" : "New Subscription";
  const description = limitFirst
    ? "Your plan has no room for another subscription."
    : step === "topic"
      ? "Choose a topic to learn."
      : "Choose how often and how your words arrive.";

  return (
    <DialogContent className="sm:max-w-xl" onCloseAutoFocus={returnFocus}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>

      {limitFirst ? (
        <>
          <PlanLimitOffer limit={planLimit} onNavigate={close} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
          </DialogFooter>
        </>
      ) : step === "topic" ? (
        <>
          <TopicStep
            topics={topics.data}
            isLoading={topics.isLoading || subscriptions.isLoading}
            subscribedTopicIds={subscribedTopicIds}
            selectedTopicId={values.topicId}
            onPick={(topicId) => {
              change((current) => ({ ...current, topicId }));
              setStep("settings");
            }}
          />
          {formError?.field === "topic" ? (
            <p role="alert" className="mt-3 text-sm font-medium text-destructive">
              {formError.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <SelectedTopic
            topic={topic}
            isLoading={topics.isLoading}
            fallback={subscription?.topic}
            onChange={editing ? undefined : () => setStep("topic")}
          />
          <SettingsStep
            values={values}
            onChange={change}
            channelsError={formError?.field === "channels" ? formError.message : null}
          />
          {saveError ? (
            <SaveErrorPanel message={saveError.message} planError={saveError.planError} onNavigate={close} />
          ) : null}
          <DialogFooter className="sticky -bottom-5 z-10 flex-row items-center justify-end -mx-5 mt-1 -mb-5 border-t border-border bg-card px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
            {subscription ? (
              <RemoveSubscriptionButton subscriptionId={subscription.id} onRemoved={close} />
            ) : (
              <Button type="button" variant="outline" onClick={() => setStep("topic")}>
                Back
              </Button>
            )}
            <Button type="submit" disabled={saving}>
              {editing ? (saving ? "Saving..." : "Save Changes") : saving ? "Subscribing..." : "Subscribe"}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}

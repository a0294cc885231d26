import CalendarClock from "lucide-react/icons/calendar-clock";
import Pencil from "lucide-react/icons/pencil";
import Send from "lucide-react/icons/send";
import Trash2 from "lucide-react/icons/trash";
import { useId } from "react";
import type { Subscription } from "@shared/api/subscriptions";
import { WORD_LEVEL_LABELS } from "@shared/constants";
import { FREQUENCY_LABELS, hasDeliveryTime, timedFrequencyText } from "@shared/rules/frequencies";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Switch } from "@client/components/ui/switch";
import { ChannelBadges, enabledChannels } from "@client/channels";
import { cn } from "@client/lib/utils";
import type { DeliveryPause } from "../api";
import { formatDeliveryInstant, formatTimeOfDay } from "../format";
import { wordsPerSendText } from "../words-per-send";
import { TopicExhaustedNotice } from "./topic-exhausted-notice";

/** How often, with the time for the three frequencies that have one ("Daily at 9:00 AM", "Every Hour, on the hour"). */
export function frequencyText(subscription: Pick<Subscription, "frequency" | "deliveryTime">): string {
  return hasDeliveryTime(subscription.frequency)
    ? timedFrequencyText(subscription.frequency, subscription.deliveryTime, formatTimeOfDay)
    : FREQUENCY_LABELS[subscription.frequency];
}

function nextDeliveryText(subscription: Subscription, pause: DeliveryPause | null): string {
  if (subscription.status === "paused") return "Paused with your plan";
  if (subscription.active && pause) return `Paused until ${pause.resumeDay}`;
  if (!subscription.active || !subscription.nextDelivery) return "Paused";
  return formatDeliveryInstant(subscription.nextDelivery);
}

/**
 * One subscription on the subscriptions page: what, how often, how, when next, and its controls. While the learner
 * has paused every delivery (`pause`), an active subscription reads "Paused" and "Paused until …"; a topic with no
 * new word left says so and offers related topics.
 */
export function SubscriptionCard({
  subscription,
  pause,
  topicExhausted,
  isAdmin,
  onToggle,
  onEdit,
  onDelete,
  onSendDemo,
  demoPending,
}: {
  subscription: Subscription;
  pause: DeliveryPause | null;
  /** The topic has no new word left for the learner. */
  topicExhausted: boolean;
  isAdmin: boolean;
  onToggle(active: boolean): void;
  onEdit(): void;
  onDelete(): void;
  onSendDemo(): void;
  demoPending: boolean;
}) {
  const id = useId();
  const { topic } = subscription;
  const delivering = subscription.active && subscription.status === "active";
  return (
    <Card
      aria-labelledby={`${id}-title`}
      role="group"
      className={cn("flex flex-col p-5", !subscription.active && "bg-muted/40")}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-2xl" aria-hidden>
          {topic.icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="truncate text-base font-semibold">
            {topic.displayName}
          </h2>
          <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{topic.description}</p>
        </div>
        <div className="flex shrink-0 flex-col items-center gap-1">
          <Switch
            id={`${id}-active`}
            checked={subscription.active}
            onCheckedChange={onToggle}
            aria-label={`Active: ${topic.displayName}`}
          />
          <span className="text-[0.6875rem] font-medium text-muted-foreground" aria-hidden>
            {subscription.active ? (pause ? "Paused" : "Active") : "Off"}
          </span>
        </div>
      </div>

      <dl className="mt-4 grid gap-2.5 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Frequency</dt>
          <dd className="flex flex-wrap justify-end gap-1.5">
            <Badge>{frequencyText(subscription)}</Badge>
            {subscription.wordsPerSend > 1 ? (
              <Badge variant="outline" data-testid="words-per-send">
                {wordsPerSendText(subscription.wordsPerSend)}
              </Badge>
            ) : null}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Delivery</dt>
          <dd className="flex flex-wrap justify-end gap-1.5">
            <ChannelBadges channels={enabledChannels(subscription.channels)} />
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Level</dt>
          <dd className="text-right" data-testid="subscription-level">
            {WORD_LEVEL_LABELS[subscription.level].name}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Next delivery</dt>
          <dd className="flex items-center gap-1.5 text-right font-medium" data-testid="next-delivery">
            <CalendarClock className="size-3.5 text-muted-foreground" aria-hidden />
            {nextDeliveryText(subscription, pause)}
          </dd>
        </div>
      </dl>
      {topicExhausted ? <TopicExhaustedNotice subscription={subscription} className="mt-4" /> : null}

      <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${topic.displayName}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        {isAdmin ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onSendDemo}
            disabled={!delivering || demoPending}
            aria-label={`Send demo: ${topic.displayName}`}
          >
            <Send aria-hidden />
            {demoPending ? "Sending..." : "Send Demo"}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          className="ml-auto text-destructive hover:bg-destructive/10"
          aria-label={`Delete ${topic.displayName}`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </Card>
  );
}

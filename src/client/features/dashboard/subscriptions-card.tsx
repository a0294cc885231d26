import ArrowRight from "lucide-react/icons/arrow-right";
import Layers from "lucide-react/icons/layers";
import Plus from "lucide-react/icons/plus";
import { Link } from "wouter";
import type { Subscription } from "@shared/api/subscriptions";
import { FREQUENCY_LABELS } from "@shared/rules/frequencies";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { Switch } from "@client/components/ui/switch";
import { channelsText, enabledChannels } from "@client/channels";
import { cn } from "@client/lib/utils";
import {
  formatDeliveryInstant,
  TopicExhaustedNotice,
  useDeliveryPause,
  useSubscriptions,
  type DeliveryPause,
  useToggleSubscriptionActive,
  useTopicExhausted,
} from "../subscriptions";
import { CardEmptyState, CardLoading } from "./card-states";

function nextText(subscription: Subscription, pause: DeliveryPause | null): string {
  if (subscription.status === "paused") return "Paused with your plan";
  if (subscription.active && pause) return `Paused until ${pause.resumeDay}`;
  if (!subscription.active || !subscription.nextDelivery) return "Off";
  return `Next: ${formatDeliveryInstant(subscription.nextDelivery)}`;
}

/**
 * 'Your Subscriptions': each topic with how and when it arrives (or that its new words have run out), and a switch
 * to turn it on or off.
 */
export function SubscriptionsCard({ onCreate, className }: { onCreate: () => void; className?: string }) {
  const { data: subscriptions = [], isPending } = useSubscriptions();
  const { pause } = useDeliveryPause();
  const topicExhausted = useTopicExhausted();
  const toggleActive = useToggleSubscriptionActive({ method: "PATCH" });

  return (
    <Card className={className} aria-labelledby="dashboard-subscriptions-title" role="region">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle id="dashboard-subscriptions-title" className="flex items-center gap-2 text-lg">
          <Layers className="size-5 text-primary" aria-hidden />
          Your Subscriptions
        </CardTitle>
        {subscriptions.length > 0 ? (
          <Link
            href="/subscriptions"
            className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
          >
            Manage
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <CardLoading label="Loading subscriptions">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-16 w-full rounded-xl" />
            ))}
          </CardLoading>
        ) : subscriptions.length === 0 ? (
          <CardEmptyState
            icon={Layers}
            title="No subscriptions yet"
            description="Pick a topic and how often you want new words."
            action={
              <Button onClick={onCreate}>
                <Plus aria-hidden />
                Create your first subscription
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {subscriptions.map((subscription) => (
              <li
                key={subscription.id}
                className={cn(
                  "flex items-center gap-3 rounded-xl border border-border p-3 sm:p-4",
                  !subscription.active && "bg-muted/40",
                )}
              >
                <span
                  aria-hidden
                  className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-xl"
                >
                  {subscription.topic.icon}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">{subscription.topic.displayName}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {FREQUENCY_LABELS[subscription.frequency]} ·{" "}
                    {channelsText(enabledChannels(subscription.channels))}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{nextText(subscription, pause)}</p>
                  {topicExhausted(subscription.id) ? (
                    <TopicExhaustedNotice subscription={subscription} className="mt-1" />
                  ) : null}
                </div>
                <Switch
                  checked={subscription.active}
                  onCheckedChange={(active) => toggleActive.mutate({ id: subscription.id, active })}
                  aria-label={`Active: ${subscription.topic.displayName}`}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

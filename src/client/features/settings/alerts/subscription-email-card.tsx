import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import Repeat from "lucide-react/icons/repeat";
import type { Subscription } from "@shared/api/subscriptions";
import { FREQUENCY_LABELS, hasDeliveryTime } from "@shared/rules/frequencies";
import { TopicIcon } from "@client/components/word/topic-icon";
import { Badge } from "@client/components/ui/badge";
import { Checkbox } from "@client/components/ui/checkbox";
import { Switch } from "@client/components/ui/switch";
import { cn } from "@client/lib/utils";
import { isActiveSubscription } from "./subscription-filters";
import { localDateFormat } from "@client/lib/local-date-format";

const createdFormat = localDateFormat({
  month: "short",
  day: "numeric",
  year: "numeric",
});
const timeFormat = localDateFormat({
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

/** "09:30" → "9:30 AM" (a wall-clock time: no zone conversion). */
function timeOfDay(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return timeFormat.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** plans-billing §2: one subscription in the Alerts list, selectable (active ones only) with its e-mail switch. */
export function SubscriptionEmailCard({
  subscription,
  selected,
  onSelectedChange,
  onEmailChange,
  emailPending,
}: {
  subscription: Subscription;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onEmailChange: (enableEmail: boolean) => void;
  emailPending: boolean;
}) {
  const active = isActiveSubscription(subscription);
  const name = subscription.topic.displayName || "Unknown Topic";
  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-xl border p-3 transition-colors sm:p-4",
        selected ? "border-primary bg-accent/40" : "border-border bg-card",
      )}
    >
      <Checkbox
        checked={selected}
        onCheckedChange={(checked) => onSelectedChange(checked === true)}
        disabled={!active}
        aria-label={`Select ${name}`}
        className="mt-2"
      />
      <TopicIcon category={subscription.topic.category} className="hidden sm:grid" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="truncate text-sm font-semibold">{name}</h3>
          <Badge
            variant={active ? "success" : "secondary"}
            className={cn(active && "text-emerald-800 dark:text-emerald-300")}
          >
            {active ? "Active" : "Inactive"}
          </Badge>
          <Badge variant={subscription.emailEnabled ? "default" : "outline"}>
            {subscription.emailEnabled ? "Email On" : "Email Off"}
          </Badge>
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex items-center gap-1">
            <dt className="sr-only">Frequency</dt>
            <Repeat className="size-3.5" aria-hidden />
            <dd>{FREQUENCY_LABELS[subscription.frequency]}</dd>
          </div>
          {hasDeliveryTime(subscription.frequency) ? (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Delivery time</dt>
              <Clock className="size-3.5" aria-hidden />
              <dd>{timeOfDay(subscription.deliveryTime)}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1">
            <dt className="sr-only">Created</dt>
            <CalendarDays className="size-3.5" aria-hidden />
            <dd>Created {createdFormat.format(new Date(subscription.createdAt))}</dd>
          </div>
        </dl>
      </div>
      <Switch
        checked={subscription.emailEnabled}
        onCheckedChange={onEmailChange}
        disabled={!active || emailPending}
        aria-label={`Email for ${name}`}
        className="mt-1.5"
      />
    </li>
  );
}

import { Skeleton } from "@client/components/ui/skeleton";
import { Switch } from "@client/components/ui/switch";
import type { PushOnThisDevice } from "./use-push-on-this-device";

/** The on/off switch of "push notifications on this device"; disabled when the browser cannot or may not. */
export function PushDeviceSwitch({ push, id }: { push: PushOnThisDevice; id?: string }) {
  if (push.subscribed === null && push.permission !== "unsupported") {
    return <Skeleton className="h-6 w-11 rounded-full" />;
  }
  const blocked = push.permission === "unsupported" || push.permission === "denied";
  return (
    <Switch
      id={id}
      checked={push.subscribed === true}
      onCheckedChange={(on) => void (on ? push.enable() : push.disable())}
      disabled={push.pending || (blocked && push.subscribed !== true)}
      aria-label="Push notifications on this device"
      aria-describedby={blocked ? PUSH_HELP_ID : undefined}
    />
  );
}

const PUSH_HELP_ID = "push-device-help";

/** What to do when the switch cannot be turned on; nothing while it can. */
export function PushDeviceHelp({ push }: { push: PushOnThisDevice }) {
  if (push.permission === "denied") {
    return (
      <p id={PUSH_HELP_ID} className="text-sm text-muted-foreground" role="status">
        Notifications are blocked for this site. Allow them in your browser&apos;s site settings (the icon at
        the left of the address bar), then turn this on again.
      </p>
    );
  }
  if (push.permission === "unsupported") {
    return (
      <p id={PUSH_HELP_ID} className="text-sm text-muted-foreground" role="status">
        This browser cannot receive push notifications here. On an iPhone or iPad, add Jargon to your Home
        Screen (Share, then Add to Home Screen) and open it from there.
      </p>
    );
  }
  return null;
}

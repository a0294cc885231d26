import Star from "lucide-react/icons/star";
import { useEffect } from "react";
import { Label } from "@client/components/ui/label";
import { Switch } from "@client/components/ui/switch";
import { startingSwitch, type ChannelLink, type SwitchChannel } from "./channel";
import { channelIcon } from "./channel-marks";
import { SWITCH_CHANNELS } from "./registry";

const ALWAYS_READY: ChannelLink = { ready: true, howToLink: null, offered: true, pending: false };
const useAlwaysReady = () => ALWAYS_READY;

/**
 * A subscription's channel switches (the subscription modal and onboarding), one per registered channel. `switches`
 * holds the learner's choices by channel name; a channel absent from it shows, and then takes, its starting switch
 * once its link is known.
 */
export function ChannelSwitches({
  idPrefix,
  switches,
  onSwitch,
  channels = SWITCH_CHANNELS,
}: {
  idPrefix: string;
  switches: Readonly<Record<string, boolean>>;
  onSwitch(channel: string, enabled: boolean): void;
  /** The app's registry; a test passes one with a channel more. */
  channels?: readonly SwitchChannel[];
}) {
  return channels.map((channel) => (
    <ChannelSwitchRow
      key={channel.declaration.name}
      id={`${idPrefix}-${channel.declaration.name}`}
      channel={channel}
      chosen={switches[channel.declaration.name]}
      onSwitch={(enabled) => onSwitch(channel.declaration.name, enabled)}
    />
  ));
}

function ChannelSwitchRow({
  id,
  channel: { declaration, controls },
  chosen,
  onSwitch,
}: {
  id: string;
  channel: SwitchChannel;
  chosen: boolean | undefined;
  onSwitch(enabled: boolean): void;
}) {
  const useLink = controls.useLink ?? useAlwaysReady;
  const link = useLink();
  const starting = startingSwitch(controls.startsOn, link.ready);
  // A switch still unchosen takes its starting position once the link is known, so the form sends what it shows.
  useEffect(() => {
    if (chosen === undefined && starting !== null) onSwitch(starting);
  }, [chosen, starting, onSwitch]);
  if (!link.offered) return null;
  const checked = chosen ?? starting ?? false;
  const Icon = channelIcon(declaration);
  const paid = declaration.planRule === "paid_plan";
  return (
    <div className="flex items-center gap-3 rounded-lg border border-border px-3 py-2.5">
      <span className="grid size-8 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground [&_svg]:size-4">
        <Icon aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <Label htmlFor={id} className="block cursor-pointer">
          {controls.switchLabel ?? declaration.label}
          {paid ? (
            <>
              {" "}
              <Star className="inline size-3 fill-amber-400 text-amber-500" aria-hidden />
              <span className="sr-only">(paid plans)</span>
            </>
          ) : null}
        </Label>
        <div className="mt-0.5 text-xs text-muted-foreground">
          {link.ready === false ? link.howToLink : controls.hint}
        </div>
      </div>
      <Switch
        id={id}
        checked={checked}
        // An unlinked channel can still be turned off, never on.
        disabled={(link.ready !== true && !checked) || link.pending}
        onCheckedChange={async (enabled) => {
          if (enabled && link.beforeTurnOn && !(await link.beforeTurnOn())) return;
          onSwitch(enabled);
        }}
      />
    </div>
  );
}

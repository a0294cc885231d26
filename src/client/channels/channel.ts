import type { ComponentType, ReactNode } from "react";
import type { ChannelDeclaration } from "@shared/channels";

/**
 * What a channel that must be linked before it can carry words says about that link (a verified phone for SMS,
 * this browser's permission for push, a Telegram chat).
 */
export interface ChannelLink {
  /** Whether its switch can be turned on now; null while finding out. */
  ready: boolean | null;
  /** What to do to link it, shown in the switch's hint while it is not ready. */
  howToLink: ReactNode;
  /** False when this server does not offer the channel at all (no Telegram bot): no switch is shown. */
  offered: boolean;
  /** A change of the link is under way (push asking the browser). */
  pending: boolean;
  /** Runs before the switch turns on (push asks this browser's permission); false leaves it off. */
  beforeTurnOn?: () => Promise<boolean>;
}

/**
 * A new subscription's switch: on, off, or on once the channel is linked. "when_linked" is for a channel whose
 * linking turns it on for every subscription (Telegram): a subscription made while linked then starts as the others
 * are, and one made before linking is turned on by the linking itself.
 */
export type StartsOn = "on" | "off" | "when_linked";

/** A channel's client side, beside its shared declaration (label, icon, plan rule): its switch and Settings panel. */
export interface ChannelControls {
  /** How the subscription form's switch names it, when not by the registry's label ("In-app notifications"). */
  switchLabel?: string;
  /** What the switch promises, once the channel is linked. */
  hint: string;
  startsOn: StartsOn;
  /** Present for a channel that must be linked first; a channel without it is always ready. */
  useLink?: () => ChannelLink;
  /** Its section of Settings → Notifications, for a channel that has one there. */
  SettingsPanel?: ComponentType;
}

/** A channel as the switch list draws it: the shared registry's declaration and the client's controls. */
export interface SwitchChannel {
  declaration: ChannelDeclaration;
  controls: ChannelControls;
}

/** The switch a new subscription starts with, once the link is known (null: not known yet). */
export function startingSwitch(startsOn: StartsOn, ready: boolean | null): boolean | null {
  if (startsOn === "when_linked") return ready;
  return startsOn === "on";
}

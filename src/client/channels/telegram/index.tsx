import { Link } from "wouter";
import type { ChannelControls, ChannelLink } from "../channel";
import { TelegramSettingsPanel } from "./settings-panel";
import { useTelegramStatus } from "./use-telegram";

/** Words reach a linked chat only; a chat paused by /stop or a blocked bot is resumed from the chat itself. */
function useTelegramChat(): ChannelLink {
  const status = useTelegramStatus();
  const paused = status.data?.paused ?? false;
  return {
    ready: status.data ? status.data.connected : status.isError ? false : null,
    howToLink: paused ? (
      "Paused: send /start in the Telegram chat to resume"
    ) : (
      <>
        <Link
          href="/settings?tab=notifications"
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          Connect Telegram
        </Link>{" "}
        in Settings to get words in a chat
      </>
    ),
    offered: status.data?.available ?? true,
    pending: false,
  };
}

/**
 * On for a new subscription once linked: linking turns Telegram on for every subscription and /stop turns it off
 * for all, so a subscription made while linked starts like the others.
 */
export const telegramControls: ChannelControls = {
  hint: "A message in your Telegram chat, with buttons to answer",
  startsOn: "when_linked",
  useLink: useTelegramChat,
  SettingsPanel: TelegramSettingsPanel,
};

import Send from "lucide-react/icons/send";
import { SettingsSection } from "@client/components/layout/settings-section";
import { TelegramConnection } from "./telegram-connection";

/** Issue 26: the learner's Telegram chat, where each word arrives with buttons to answer it. */
export function TelegramSettingsPanel() {
  return (
    <SettingsSection
      icon={Send}
      title="Telegram"
      description="Get each word as a Telegram message and answer reviews with its buttons."
    >
      <TelegramConnection />
    </SettingsSection>
  );
}

import { Send } from "lucide-react";
import { TelegramConnection } from "@client/features/telegram";
import { SettingsSection } from "../settings-section";

/** Issue 26: the learner's Telegram chat, where each word arrives with buttons to answer it. */
export function TelegramSection() {
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

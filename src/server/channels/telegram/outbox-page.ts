import type { TelegramEmulator } from "@server/testing/telegram-emulator";

/** The dev mailbox page's forms post here; each answers with a redirect back to the page. */
export const DEV_TELEGRAM_PRESS_PATH = "/dev/telegram/press";
export const DEV_TELEGRAM_WRITE_PATH = "/dev/telegram/write";
export const DEV_MAILBOX_PATH = "/dev/mailbox";

/** The chat the page writes from when the learner names none: the local machine has one learner at a time. */
export const DEFAULT_LOCAL_CHAT_ID = 1;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A message's Telegram HTML (<b>, <i>) as plain text: the page shows what the learner reads, never markup. */
const plainTextOf = (telegramHtml: string) =>
  telegramHtml
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

/** "https://t.me/<bot>?start=<token>" (Connect Telegram's link) as the "/start <token>" Telegram's app would send. */
export function chatTextOf(written: string): string {
  const trimmed = written.trim();
  if (!trimmed.startsWith("https://t.me/")) return trimmed;
  const token = new URL(trimmed).searchParams.get("start");
  return token ? `/start ${token}` : "/start";
}

/**
 * The local Telegram outbox as a section of the dev mailbox page, beside the SMS outbox: every bot message with
 * its buttons, pressable (a form each, posted to the webhook the way Telegram would), and a box to write to the
 * bot (paste Connect Telegram's link there to link the local chat).
 */
export function renderTelegramOutbox(outbox: TelegramEmulator): string {
  const items = [...outbox.messages]
    .reverse()
    .map((message) => {
      const buttons = message.buttons
        .flat()
        .filter((button) => button.callback_data)
        .map(
          (button) => `<form method="post" action="${DEV_TELEGRAM_PRESS_PATH}">
<input type="hidden" name="chatId" value="${message.chatId}"><input type="hidden" name="messageId" value="${message.messageId}">
<input type="hidden" name="callbackData" value="${escapeHtml(button.callback_data ?? "")}"><button type="submit">${escapeHtml(button.text)}</button></form>`,
        )
        .join("");
      return `<li><span>Chat ${message.chatId} · ${message.editedAt ? "edited" : "sent"}</span><pre>${escapeHtml(plainTextOf(message.text))}</pre>${buttons ? `<div class="buttons">${buttons}</div>` : ""}</li>`;
    })
    .join("\n");
  return `<section class="texts" aria-labelledby="telegram-heading"><h2 id="telegram-heading">Telegram</h2>
<form method="post" action="${DEV_TELEGRAM_WRITE_PATH}" class="write"><label>Chat <input name="chatId" type="number" min="1" value="${DEFAULT_LOCAL_CHAT_ID}"></label>
<label>Message or Connect link <input name="text" required placeholder="https://t.me/…?start=… or /stop"></label><button type="submit">Send to the bot</button></form>
${outbox.messages.length ? `<ul aria-label="Telegram messages">${items}</ul>` : '<p class="empty">No Telegram messages yet. Messages the bot sends will appear here.</p>'}</section>`;
}

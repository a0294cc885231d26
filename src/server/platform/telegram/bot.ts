import { createHmac } from "node:crypto";
import { Api } from "grammy";
import type { Logger } from "pino";
import type { Config } from "@server/config";
import { startTelegramEmulator, type TelegramEmulator } from "@server/testing/telegram-emulator";

/** Where Telegram delivers updates (registered by setWebhook at start). */
export const TELEGRAM_WEBHOOK_PATH = "/api/telegram/webhook";

/**
 * The bot this process talks through (channels/telegram holds the channel, linking and answers): grammY's Bot API client, pointed at Telegram (TELEGRAM_BOT_TOKEN) or, in the
 * embedded default, at an in-process emulator that is the local Telegram outbox (GET /api/dev/telegram).
 */
export interface TelegramBot {
  api: Api;
  /** The bot's @username, for the deep link https://t.me/<username>?start=<token>. */
  username: string;
  /** The local outbox's emulator; null with a real bot. */
  outbox: TelegramEmulator | null;
  close(): Promise<void>;
}

/** TELEGRAM_WEBHOOK_SECRET, else derived from the session secret (so it survives restarts like the links do). */
export const webhookSecretOf = (config: Config): string =>
  (config.telegram.kind !== "off" && config.telegram.webhookSecret) ||
  createHmac("sha256", config.sessionSecret).update("telegram-webhook").digest("base64url");

/** The bot for `config`; null when Telegram is off (production without a token). */
export async function openTelegramBot(config: Config): Promise<TelegramBot | null> {
  if (config.telegram.kind === "off") return null;
  if (config.telegram.kind === "bot") {
    const api = new Api(
      config.telegram.token,
      config.telegram.apiRoot ? { apiRoot: config.telegram.apiRoot } : {},
    );
    const me = await api.getMe();
    return { api, username: me.username, outbox: null, close: async () => {} };
  }
  const outbox = await startTelegramEmulator({ botUsername: "JargonLocalBot" });
  return {
    api: new Api(outbox.token, { apiRoot: outbox.apiRoot }),
    username: outbox.botUsername,
    outbox,
    close: () => outbox.close(),
  };
}

/** Tells Telegram where to deliver updates and with which secret header; a failure is logged, not fatal. */
export async function registerWebhook(bot: TelegramBot, config: Config, log: Logger): Promise<void> {
  try {
    await bot.api.setWebhook(`${config.appUrl}${TELEGRAM_WEBHOOK_PATH}`, {
      secret_token: webhookSecretOf(config),
      allowed_updates: ["message", "callback_query"],
    });
  } catch (error) {
    log.warn({ err: error }, "could not set the Telegram webhook");
  }
}

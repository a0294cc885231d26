import type { Config } from "@server/config";

/**
 * The local mailbox is a development aid: only without SMTP, never in production, and only for requests from this
 * machine (it lists live sign-in links, so anyone else reading it could sign in as anyone).
 */
export const isDevMailboxEnabled = (config: Config) => !config.smtpUrl && config.env !== "production";

/** The local SMS outbox: only when no Twilio account is configured (never in production, see Config.sms). */
export const isDevSmsEnabled = (config: Config) => config.sms.kind === "outbox";

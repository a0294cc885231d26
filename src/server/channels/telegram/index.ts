/** What other modules use of Telegram: bootstrap registers the channel, app.ts the routes. */
export { createTelegramChannel } from "./channel";
export { telegramRoutes } from "./routes";
export { renderTelegramOutbox } from "./outbox-page";

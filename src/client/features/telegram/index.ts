/* The Telegram feature's public face: Settings imports only from here. */
export { TelegramConnection } from "./telegram-connection";
export { useTelegramStatus } from "./use-telegram";

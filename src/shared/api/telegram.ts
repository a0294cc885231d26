import { z } from "zod";

/** GET /api/telegram: whether the learner's chat is linked, and whether this server has a bot at all. */
export const telegramStatusSchema = z.object({
  available: z.boolean(),
  /** Linked and not paused by /stop or a blocked bot. */
  connected: z.boolean(),
  /** Linked but paused: a /start in the chat resumes it. */
  paused: z.boolean(),
  botUsername: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

/** POST /api/telegram/link: the one-time deep link that connects a chat ("Connect Telegram"). */
export const telegramLinkSchema = z.object({ url: z.url(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/** GET /api/dev/telegram: the local Telegram outbox, newest first (embedded default, this machine only). */
export const devTelegramSchema = z.array(
  z.object({
    chatId: z.number(),
    messageId: z.number(),
    text: z.string(),
    buttons: z.array(z.array(z.object({ text: z.string(), callbackData: z.string() }))),
    sentAt: z.string(),
    editedAt: z.string().nullable(),
  }),
);
export type DevTelegram = z.infer<typeof devTelegramSchema>;

/** POST /api/dev/telegram/chats/:chatId: the local chat writes to the bot ("/start <token>", "/stop"). */
export const devTelegramTextSchema = z.object({ text: z.string().min(1).max(4096) }).strict();
/** POST /api/dev/telegram/chats/:chatId/press: presses a button of a message in the local outbox. */
export const devTelegramPressSchema = z
  .object({ messageId: z.number().int().positive(), callbackData: z.string().min(1).max(64) })
  .strict();
export const devTelegramChatParamsSchema = z.object({ chatId: z.coerce.number().int().positive() });

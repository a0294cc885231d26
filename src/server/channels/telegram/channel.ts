import { GrammyError, HttpError } from "grammy";
import type { AppContext } from "@server/context";
import { telegramMessages } from "@server/db/schema";
import {
  type DeliveryChannel,
  retryPolicyOf,
  type SendFailureKind,
} from "@server/platform/channels/delivery-channel";
import { eq } from "drizzle-orm";
import type { TelegramBot } from "@server/platform/telegram/bot";
import { activeChatOf, pauseChat } from "./linking";
import { type ChatMessage, renderChatMessage } from "./message";

export const TELEGRAM_NOT_CONNECTED_MESSAGE = "Telegram is not connected";
export const TELEGRAM_BLOCKED_MESSAGE =
  "The Telegram bot was blocked; send /start in the chat to connect again";
export const TELEGRAM_OFF_MESSAGE = "Telegram is not set up on this server";

/** A send Telegram did not take, with the text History shows and whether to try again. */
export class TelegramDeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: SendFailureKind,
  ) {
    super(message);
    this.name = "TelegramDeliveryError";
  }
}

/** "Forbidden: bot was blocked by the user" (and the same for a deactivated user): only a new /start helps. */
const isBlocked = (error: unknown) => error instanceof GrammyError && error.error_code === 403;

/**
 * A 429 (flood control, with `retry_after`), a 5xx or a network failure may pass; any other Bot API error (a chat
 * not found, a message refused) will not.
 */
export function classifyTelegramFailure(error: unknown): SendFailureKind {
  if (error instanceof TelegramDeliveryError) return error.kind;
  if (error instanceof HttpError) return "temporary";
  if (error instanceof GrammyError)
    return error.error_code === 429 || error.error_code >= 500 ? "temporary" : "permanent";
  return "permanent";
}

/** A 429's `retry_after` (seconds): flood control lifts then, neither sooner nor later than our back-off guesses. */
export function telegramRetryAfterMs(error: unknown): number | null {
  const seconds = error instanceof GrammyError ? error.parameters.retry_after : undefined;
  return seconds === undefined ? null : seconds * 1_000;
}

export type TelegramChannelContext = Pick<AppContext, "db" | "config" | "clock" | "log">;

/**
 * The Telegram channel: the send's words as one chat message with an answer button pair per word (issue 26).
 * Register it with the delivery engine as `createTelegramChannel(ctx, bot)`.
 */
export function createTelegramChannel(
  ctx: TelegramChannelContext,
  bot: TelegramBot | null,
): DeliveryChannel<ChatMessage> {
  return {
    name: "telegram",
    onePerSend: true,
    retry: retryPolicyOf("telegram"),

    render: (message) => renderChatMessage(ctx.config, message),
    carried: (rendered) => rendered.blocks.map((block) => block.deliveryId),

    async send(rendered, message) {
      if (!bot) throw new TelegramDeliveryError(TELEGRAM_OFF_MESSAGE, "permanent");
      // A send whose message went out before a crash, but whose outcome was not recorded, is not sent twice.
      const [already] = await ctx.db
        .select({ messageId: telegramMessages.messageId })
        .from(telegramMessages)
        .where(eq(telegramMessages.deliveryId, message.deliveryId));
      if (already) return { providerMessageId: String(already.messageId) };

      const chatId = await activeChatOf(ctx, message.recipient.userId);
      if (chatId === null) throw new TelegramDeliveryError(TELEGRAM_NOT_CONNECTED_MESSAGE, "permanent");
      try {
        const sent = await bot.api.sendMessage(chatId, rendered.text, {
          parse_mode: "HTML",
          reply_markup: { inline_keyboard: rendered.keyboard },
        });
        await ctx.db
          .insert(telegramMessages)
          .values(
            rendered.blocks.map((block, position) => ({
              deliveryId: block.deliveryId,
              chatId,
              messageId: sent.message_id,
              position,
              block: block.html,
            })),
          )
          .onConflictDoNothing();
        return { providerMessageId: String(sent.message_id) };
      } catch (error) {
        if (isBlocked(error)) {
          await pauseChat(ctx, chatId);
          ctx.log.info({ userId: message.recipient.userId }, "Telegram bot blocked: chat paused");
          throw new TelegramDeliveryError(TELEGRAM_BLOCKED_MESSAGE, "permanent");
        }
        throw error;
      }
    },

    classifyFailure: classifyTelegramFailure,
    providerRetryAfterMs: telegramRetryAfterMs,
  };
}

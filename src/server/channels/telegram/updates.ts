import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "@server/context";
import { deliveries, telegramChats, telegramMessages, words } from "@server/db/schema";
import { answerDelivery } from "@server/features/learning/service";
import type { TelegramBot } from "@server/platform/telegram/bot";
import { linkChatByToken, pauseChat, resumeChat } from "./linking";
import { answeredBlockHtml, chatMessageOf, verifyCallbackData } from "./message";

/** The parts of a Telegram Update the bot reads; everything else is ignored. */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({ chat: z.looseObject({ id: z.number().int() }), text: z.string().max(4096).optional() })
    .optional(),
  callback_query: z
    .looseObject({
      id: z.string().max(128),
      data: z.string().max(64).optional(),
      message: z
        .looseObject({ message_id: z.number().int(), chat: z.looseObject({ id: z.number().int() }) })
        .optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

export const CHAT_TEXTS = {
  linked: "Connected to Jargon. Your words will arrive here; answer a review with its buttons.",
  linkInvalid:
    "This link has expired or was already used. Open Settings in Jargon and press Connect Telegram again.",
  resumed: "Welcome back: your words will arrive here again.",
  notLinked: "To get your words here, open Settings in Jargon and press Connect Telegram.",
  stopped: "Disconnected: no more words here. Send /start to get them again.",
  answerRefused: "This button is not valid any more.",
  answered: "Recorded.",
} as const;

/** One update from Telegram: a `/start`, a `/stop`, or a pressed answer button. Anything else is ignored. */
export async function handleTelegramUpdate(ctx: AppContext, bot: TelegramBot, update: TelegramUpdate) {
  if (update.callback_query) return answerButton(ctx, bot, update.callback_query);
  const text = update.message?.text?.trim();
  const chatId = update.message?.chat.id;
  if (!text || chatId === undefined) return;
  const [command, argument] = text.split(/\s+/, 2);
  if (command === "/start") {
    const reply = argument
      ? (await linkChatByToken(ctx, chatId, argument))
        ? CHAT_TEXTS.linked
        : CHAT_TEXTS.linkInvalid
      : (await resumeChat(ctx, chatId))
        ? CHAT_TEXTS.resumed
        : CHAT_TEXTS.notLinked;
    await bot.api.sendMessage(chatId, reply);
  } else if (command === "/stop") {
    await pauseChat(ctx, chatId);
    await bot.api.sendMessage(chatId, CHAT_TEXTS.stopped);
  }
}

/**
 * A pressed button: the signed callback data names the delivery and the answer, and the chat must be the
 * delivery's learner's. The answer is recorded like an e-mail link's (once per delivery), then the message is
 * edited to show the word's meaning and when it comes back.
 */
async function answerButton(
  ctx: AppContext,
  bot: TelegramBot,
  query: NonNullable<TelegramUpdate["callback_query"]>,
) {
  const verified = query.data ? verifyCallbackData(ctx.config, query.data) : null;
  const chatId = query.message?.chat.id;
  const [sent] =
    verified && chatId !== undefined
      ? await ctx.db
          .select({ linkId: deliveries.linkId, messageId: telegramMessages.messageId })
          .from(telegramMessages)
          .innerJoin(deliveries, eq(deliveries.id, telegramMessages.deliveryId))
          .innerJoin(telegramChats, eq(telegramChats.userId, deliveries.userId))
          .where(
            and(
              eq(telegramMessages.deliveryId, verified.deliveryId),
              eq(telegramMessages.chatId, chatId),
              eq(telegramChats.chatId, chatId),
            ),
          )
      : [];
  if (!verified || !sent || chatId === undefined) {
    await bot.api.answerCallbackQuery(query.id, { text: CHAT_TEXTS.answerRefused });
    return;
  }
  const answered = await answerDelivery(ctx, sent.linkId, verified.answer, "telegram");
  if (answered) {
    await ctx.db
      .update(telegramMessages)
      .set({ block: answeredBlockHtml(answered), answeredAt: ctx.clock.now() })
      .where(eq(telegramMessages.deliveryId, verified.deliveryId));
    await editToCurrent(ctx, bot, chatId, sent.messageId);
  }
  await bot.api.answerCallbackQuery(query.id, {
    text: answered ? CHAT_TEXTS.answered : CHAT_TEXTS.answerRefused,
  });
}

/** Rewrites a chat message from its words as they read now, with buttons for those still unanswered. */
async function editToCurrent(ctx: AppContext, bot: TelegramBot, chatId: number, messageId: number) {
  const rows = await ctx.db
    .select({
      deliveryId: telegramMessages.deliveryId,
      html: telegramMessages.block,
      answeredAt: telegramMessages.answeredAt,
      kind: deliveries.kind,
      word: words.word,
    })
    .from(telegramMessages)
    .innerJoin(deliveries, eq(deliveries.id, telegramMessages.deliveryId))
    .innerJoin(words, eq(words.id, deliveries.wordId))
    .where(and(eq(telegramMessages.chatId, chatId), eq(telegramMessages.messageId, messageId)))
    .orderBy(asc(telegramMessages.position));
  const message = chatMessageOf(
    ctx.config,
    rows.map((row) => ({
      deliveryId: row.deliveryId,
      kind: row.kind,
      word: row.word,
      html: row.html,
      answered: row.answeredAt !== null,
    })),
  );
  await bot.api.editMessageText(chatId, messageId, message.text, {
    parse_mode: "HTML",
    reply_markup: { inline_keyboard: message.keyboard },
  });
}

import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import {
  devTelegramChatParamsSchema,
  devTelegramPressSchema,
  devTelegramSchema,
  devTelegramTextSchema,
  telegramLinkSchema,
  telegramStatusSchema,
} from "@shared/api/telegram";
import type { AppContext } from "@server/context";
import { telegramChats } from "@server/db/schema";
import { requireUser } from "@server/platform/auth/session";
import { AppError, forbidden, notFound, unauthorized } from "@server/platform/errors/app-error";
import { restrictToThisMachine } from "@server/platform/http/loopback";
import { TELEGRAM_WEBHOOK_PATH, webhookSecretOf, type TelegramBot } from "@server/platform/telegram/bot";
import { createLinkToken, disconnectChat } from "./linking";
import {
  chatTextOf,
  DEFAULT_LOCAL_CHAT_ID,
  DEV_MAILBOX_PATH,
  DEV_TELEGRAM_PRESS_PATH,
  DEV_TELEGRAM_WRITE_PATH,
} from "./outbox-page";
import { handleTelegramUpdate, telegramUpdateSchema } from "./updates";

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/** Constant-time: the webhook's secret must not leak a character at a time through the answer's timing. */
function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const telegramOff = () => new AppError(503, "Telegram is not set up on this server.", "TELEGRAM_OFF");

export function telegramRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const bot = ctx.telegram;
  return async (app) => {
    /** Telegram's updates: 401 without the secret header, 403 with a wrong one; nothing is read before the check. */
    app.post(TELEGRAM_WEBHOOK_PATH, async (request, reply) => {
      const given = request.headers[SECRET_HEADER];
      if (given === undefined) throw unauthorized("The Telegram secret token is missing.");
      if (!secretMatches(given, webhookSecretOf(ctx.config)))
        throw forbidden("The Telegram secret token is wrong.", "TELEGRAM_SECRET");
      if (!bot) throw telegramOff();
      const update = telegramUpdateSchema.safeParse(request.body);
      // Telegram re-delivers an update it did not get a 2xx for; one we cannot read never will be, so it is dropped.
      if (update.success) await handleTelegramUpdate(ctx, bot, update.data);
      return reply.status(204).send();
    });

    app.get(
      "/api/telegram",
      { schema: { response: { 200: telegramStatusSchema, 401: errorBodySchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        const [chat] = await ctx.db
          .select({ stoppedAt: telegramChats.stoppedAt })
          .from(telegramChats)
          .where(eq(telegramChats.userId, user.id));
        return {
          available: bot !== null,
          connected: chat !== undefined && chat.stoppedAt === null,
          paused: chat?.stoppedAt != null,
          botUsername: bot?.username ?? null,
        };
      },
    );

    app.post(
      "/api/telegram/link",
      { schema: { response: { 201: telegramLinkSchema, 401: errorBodySchema, 503: errorBodySchema } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        if (!bot) throw telegramOff();
        const { token, expiresAt } = await createLinkToken(ctx, user.id);
        return reply.status(201).send({
          url: `https://t.me/${bot.username}?start=${token}`,
          expiresAt: expiresAt.toISOString(),
        });
      },
    );

    app.delete("/api/telegram/link", async (request, reply) => {
      const user = await requireUser(ctx, request);
      await disconnectChat(ctx, user.id);
      return reply.status(204).send();
    });

    if (bot?.outbox) await app.register(devTelegramRoutes(ctx, bot));
  };
}

/**
 * The local Telegram outbox (embedded default): the bot's messages as the emulator holds them, and the learner's
 * side of a chat (write "/start <token>", press a button), which reaches the webhook the way Telegram would.
 * This machine only, like the mailbox.
 */
function devTelegramRoutes(ctx: AppContext, bot: TelegramBot): FastifyPluginAsyncZod {
  const outbox = bot.outbox;
  return async (app) => {
    restrictToThisMachine(app, ctx.config);
    if (!outbox) return;
    // The local chat's updates go to this app's webhook in process, through the same route and secret check as
    // Telegram's: an HTTP round trip to APP_URL added nothing, and failed (a 500) wherever nothing listens there.
    outbox.deliverUpdatesWith(
      async (url, headers, update) =>
        (await app.inject({ method: "POST", url: new URL(url).pathname, headers, payload: update as object }))
          .statusCode,
    );
    /** The learner presses a button of a message in the local outbox (404 for a message it does not hold). */
    async function press(chatId: number, messageId: number, callbackData: string) {
      const exists = outbox!.messages.some(
        (message) => message.chatId === chatId && message.messageId === messageId,
      );
      if (!exists) throw notFound("No such message in the local Telegram outbox.");
      await outbox!.pressButton({ id: chatId, firstName: "Learner" }, messageId, callbackData);
    }
    app.get("/api/dev/telegram", { schema: { response: { 200: devTelegramSchema } } }, async () =>
      [...outbox.messages].reverse().map((message) => ({
        chatId: message.chatId,
        messageId: message.messageId,
        text: message.text,
        buttons: message.buttons.map((row) =>
          row.map((button) => ({ text: button.text, callbackData: button.callback_data ?? "" })),
        ),
        sentAt: message.sentAt.toISOString(),
        editedAt: message.editedAt?.toISOString() ?? null,
      })),
    );
    app.post(
      "/api/dev/telegram/chats/:chatId",
      { schema: { params: devTelegramChatParamsSchema, body: devTelegramTextSchema } },
      async (request, reply) => {
        await outbox.sendText({ id: request.params.chatId, firstName: "Learner" }, request.body.text);
        return reply.status(204).send();
      },
    );
    // The dev mailbox page's forms (form-encoded): the same two acts, answered by a redirect back to the page.
    app.post(
      DEV_TELEGRAM_WRITE_PATH,
      {
        schema: {
          body: z.object({
            chatId: z.coerce.number().int().positive().default(DEFAULT_LOCAL_CHAT_ID),
            text: z.string().min(1).max(4096),
          }),
        },
      },
      async (request, reply) => {
        await outbox.sendText(
          { id: request.body.chatId, firstName: "Learner" },
          chatTextOf(request.body.text),
        );
        return reply.redirect(DEV_MAILBOX_PATH, 303);
      },
    );
    app.post(
      DEV_TELEGRAM_PRESS_PATH,
      {
        schema: {
          body: z.object({
            chatId: z.coerce.number().int().positive(),
            messageId: z.coerce.number().int().positive(),
            callbackData: z.string().min(1).max(64),
          }),
        },
      },
      async (request, reply) => {
        await press(request.body.chatId, request.body.messageId, request.body.callbackData);
        return reply.redirect(DEV_MAILBOX_PATH, 303);
      },
    );
    app.post(
      "/api/dev/telegram/chats/:chatId/press",
      { schema: { params: devTelegramChatParamsSchema, body: devTelegramPressSchema } },
      async (request, reply) => {
        await press(request.params.chatId, request.body.messageId, request.body.callbackData);
        return reply.status(204).send();
      },
    );
  };
}

import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The Bot API methods Jargon calls (getMe, setWebhook, sendMessage, editMessageText, answerCallbackQuery), over
 * HTTP at `/bot<token>/<method>`, so grammY's own client runs against it (its `apiRoot` option). It also plays the
 * learner's side of the chat: `sendText` ("/start …", "/stop") and `pressButton` deliver an update to the webhook
 * that setWebhook registered, with its secret-token header, the way Telegram does.
 *
 * Tests start one; without a bot token the app starts one on this machine as the local Telegram outbox.
 */
export interface TelegramEmulator {
  /** The API root grammY is pointed at. */
  apiRoot: string;
  token: string;
  botUsername: string;
  /** Every message the bot sent, oldest first, as it reads now (edits applied). */
  messages: EmulatedTelegramMessage[];
  /** The callback queries the bot answered, by id, with the text it showed. */
  answeredCallbacks: { id: string; text: string | null }[];
  webhook(): { url: string; secretToken: string | null } | null;
  /** The next API call answers this Bot API error instead (queue: one failure per call). */
  failNext(failure: TelegramFailure): void;
  /**
   * How updates reach the webhook from now on (by default an HTTP POST to its URL): the local outbox hands them to
   * its own app in process, which answers them even where nothing listens on the app's URL (an API-only test app).
   */
  deliverUpdatesWith(deliver: UpdateDelivery): void;
  /** The learner writes `text` in their chat with the bot; resolves to the webhook's HTTP status. */
  sendText(chat: EmulatedChat, text: string): Promise<number>;
  /** The learner presses an inline button of a bot message; resolves to the webhook's HTTP status. */
  pressButton(chat: EmulatedChat, messageId: number, callbackData: string): Promise<number>;
  close(): Promise<void>;
}

export interface EmulatedChat {
  id: number;
  firstName: string;
}

export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
}

export interface EmulatedTelegramMessage {
  messageId: number;
  chatId: number;
  text: string;
  parseMode: string | null;
  buttons: InlineButton[][];
  sentAt: Date;
  editedAt: Date | null;
}

export interface TelegramFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** Telegram's own wording for the failures the tests replay. */
export const TELEGRAM_FAILURES = {
  blocked: { error_code: 403, description: "Forbidden: bot was blocked by the user" },
  tooManyRequests: (retryAfterSeconds: number): TelegramFailure => ({
    error_code: 429,
    description: `Too Many Requests: retry after ${retryAfterSeconds}`,
    parameters: { retry_after: retryAfterSeconds },
  }),
  serverError: { error_code: 500, description: "Internal Server Error" },
} as const;

/** How an update reaches the app: by default an HTTP POST to the webhook; tests may inject it instead. */
export type UpdateDelivery = (
  url: string,
  headers: Record<string, string>,
  update: unknown,
) => Promise<number>;

const postUpdate: UpdateDelivery = async (url, headers, update) =>
  (
    await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(update),
    })
  ).status;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  if ((request.headers["content-type"] ?? "").includes("json"))
    return JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(text));
}

const buttonsOf = (replyMarkup: unknown): InlineButton[][] => {
  const markup = typeof replyMarkup === "string" ? (JSON.parse(replyMarkup) as unknown) : replyMarkup;
  if (!markup || typeof markup !== "object" || !("inline_keyboard" in markup)) return [];
  return markup.inline_keyboard as InlineButton[][];
};

export async function startTelegramEmulator(
  options: { botUsername?: string; deliver?: UpdateDelivery } = {},
): Promise<TelegramEmulator> {
  const botId = 7_000_000_000 + randomBytes(2).readUInt16BE();
  const token = `${botId}:${randomBytes(24).toString("base64url")}`;
  const botUsername = options.botUsername ?? "JargonWordsBot";
  let deliver = options.deliver ?? postUpdate;
  const messages: EmulatedTelegramMessage[] = [];
  const answeredCallbacks: TelegramEmulator["answeredCallbacks"] = [];
  const failures: TelegramFailure[] = [];
  let webhook: { url: string; secretToken: string | null } | null = null;
  let nextMessageId = 1;
  let nextUpdateId = 1;

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const ok = (response: ServerResponse, result: unknown) => reply(response, 200, { ok: true, result });
  const fail = (response: ServerResponse, failure: TelegramFailure) =>
    reply(response, failure.error_code, { ok: false, ...failure });

  const bot = { id: botId, is_bot: true, first_name: "Jargon", username: botUsername };
  const chatOf = (chatId: number) => ({ id: chatId, type: "private" });
  const wireMessage = (message: EmulatedTelegramMessage) => ({
    message_id: message.messageId,
    from: bot,
    chat: chatOf(message.chatId),
    date: Math.floor(message.sentAt.getTime() / 1000),
    text: message.text,
    ...(message.buttons.length > 0 ? { reply_markup: { inline_keyboard: message.buttons } } : {}),
  });

  const methods: Record<string, (params: Record<string, unknown>, response: ServerResponse) => void> = {
    getMe: (_params, response) => ok(response, bot),
    setWebhook: (params, response) => {
      webhook = {
        url: String(params.url),
        secretToken: params.secret_token ? String(params.secret_token) : null,
      };
      ok(response, true);
    },
    sendMessage: (params, response) => {
      if (typeof params.text !== "string" || params.text.length === 0 || params.text.length > 4096)
        return fail(response, {
          error_code: 400,
          description: "Bad Request: message text is empty or too long",
        });
      const message: EmulatedTelegramMessage = {
        messageId: nextMessageId++,
        chatId: Number(params.chat_id),
        text: params.text,
        parseMode: typeof params.parse_mode === "string" ? params.parse_mode : null,
        buttons: buttonsOf(params.reply_markup),
        sentAt: new Date(),
        editedAt: null,
      };
      messages.push(message);
      ok(response, wireMessage(message));
    },
    editMessageText: (params, response) => {
      const message = messages.find(
        (candidate) =>
          candidate.chatId === Number(params.chat_id) && candidate.messageId === Number(params.message_id),
      );
      if (!message)
        return fail(response, { error_code: 400, description: "Bad Request: message to edit not found" });
      message.text = String(params.text);
      message.parseMode = typeof params.parse_mode === "string" ? params.parse_mode : null;
      message.buttons = buttonsOf(params.reply_markup);
      message.editedAt = new Date();
      ok(response, wireMessage(message));
    },
    answerCallbackQuery: (params, response) => {
      answeredCallbacks.push({
        id: String(params.callback_query_id),
        text: typeof params.text === "string" ? params.text : null,
      });
      ok(response, true);
    },
  };

  const server: Server = createServer(async (request, response) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(request.url ?? "/", "http://emulator").pathname);
    if (!match || match[1] !== token) return fail(response, { error_code: 401, description: "Unauthorized" });
    const method = methods[match[2] ?? ""];
    if (!method) return fail(response, { error_code: 404, description: "Not Found: method not found" });
    const params = await readJson(request);
    const failure = failures.shift();
    if (failure) return fail(response, failure);
    method(params, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  async function deliverUpdate(update: Record<string, unknown>): Promise<number> {
    if (!webhook) throw new Error("No webhook is set: the app has not called setWebhook");
    const headers: Record<string, string> = webhook.secretToken
      ? { "x-telegram-bot-api-secret-token": webhook.secretToken }
      : {};
    return deliver(webhook.url, headers, { update_id: nextUpdateId++, ...update });
  }
  const user = (chat: EmulatedChat) => ({ id: chat.id, is_bot: false, first_name: chat.firstName });

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    botUsername,
    messages,
    answeredCallbacks,
    webhook: () => webhook,
    failNext: (failure) => failures.push(failure),
    deliverUpdatesWith: (next) => {
      deliver = next;
    },
    sendText: (chat, text) =>
      deliverUpdate({
        message: {
          message_id: nextMessageId++,
          from: user(chat),
          chat: chatOf(chat.id),
          date: Math.floor(Date.now() / 1000),
          text,
          ...(text.startsWith("/")
            ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] }
            : {}),
        },
      }),
    pressButton: (chat, messageId, callbackData) => {
      const message = messages.find(
        (candidate) => candidate.chatId === chat.id && candidate.messageId === messageId,
      );
      return deliverUpdate({
        callback_query: {
          id: randomBytes(8).toString("hex"),
          from: user(chat),
          chat_instance: String(chat.id),
          data: callbackData,
          ...(message ? { message: wireMessage(message) } : {}),
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

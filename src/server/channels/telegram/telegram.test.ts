import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TelegramLink, TelegramStatus } from "@shared/api/telegram";
import { queryRows } from "@server/db/raw";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic } from "@server/testing/content-fixtures";
import {
  startTelegramEmulator,
  TELEGRAM_FAILURES,
  type EmulatedChat,
  type TelegramEmulator,
} from "@server/testing/telegram-emulator";
import { SAME_ORIGIN, TEST_APP_URL, createTestApp, type TestApp } from "@server/testing/test-app";
import { CHAT_TEXTS } from "./updates";

describe("Telegram", () => {
  let t: TestApp;
  let bot: TelegramEmulator;
  let chats = 0;

  beforeAll(async () => {
    // Updates reach the app the way Telegram's do (a POST with the secret header), through inject.
    bot = await startTelegramEmulator({
      deliver: async (url, headers, update) =>
        (
          await t.app.inject({
            method: "POST",
            url: new URL(url).pathname,
            headers,
            payload: update as object,
          })
        ).statusCode,
    });
    t = await createTestApp({
      env: { TELEGRAM_BOT_TOKEN: bot.token, TELEGRAM_API_ROOT: bot.apiRoot },
    });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
  });
  afterAll(async () => {
    await t.close();
    await bot.close();
  });

  async function learner() {
    chats += 1;
    const signedIn = await t.signIn({ email: `telegram-${chats}@example.com` });
    const chat: EmulatedChat = { id: 5_000 + chats, firstName: `Learner ${chats}` };
    return { ...signedIn, chat };
  }
  const status = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/telegram", headers: { cookie } })).json<TelegramStatus>();
  async function deepLinkToken(cookie: string) {
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/telegram/link",
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(answer.statusCode).toBe(201);
    const { url } = answer.json<TelegramLink>();
    expect(url).toMatch(/^https:\/\/t\.me\/JargonWordsBot\?start=[A-Za-z0-9_-]{1,64}$/);
    return new URL(url).searchParams.get("start") ?? "";
  }
  const lastTextTo = (chat: EmulatedChat) =>
    bot.messages.filter((message) => message.chatId === chat.id).at(-1);
  async function linkByDeepLink(person: { cookie: string; chat: EmulatedChat }) {
    expect(await bot.sendText(person.chat, `/start ${await deepLinkToken(person.cookie)}`)).toBe(204);
    expect(lastTextTo(person.chat)?.text).toBe(CHAT_TEXTS.linked);
  }
  async function linkedLearner() {
    const person = await learner();
    await linkByDeepLink(person);
    return person;
  }
  const reviewLogs = (userId: string) =>
    queryRows<{ grade: string; channel: string }>(
      t.ctx.db,
      sql`select grade, channel from review_logs where user_id = ${userId} order by id`,
    );

  it("sets its webhook at start, at our URL and with a secret", () => {
    expect(bot.webhook()).toEqual({
      url: `${TEST_APP_URL}/api/telegram/webhook`,
      secretToken: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });
  });

  describe("the webhook", () => {
    it("answers 401 without the secret header and 403 with a wrong one, and does nothing", async () => {
      const { cookie, chat } = await learner();
      const token = await deepLinkToken(cookie);
      const update = {
        update_id: 1,
        message: { message_id: 1, chat: { id: chat.id }, text: `/start ${token}` },
      };
      const post = (headers: Record<string, string>) =>
        t.app.inject({ method: "POST", url: "/api/telegram/webhook", headers, payload: update });
      const missing = await post({});
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ message: expect.any(String) });
      const wrong = await post({ "x-telegram-bot-api-secret-token": "not-the-secret" });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: "TELEGRAM_SECRET" });
      expect((await status(cookie)).connected).toBe(false);
      // The token was not used up by the refused updates.
      expect(await bot.sendText(chat, `/start ${token}`)).toBe(204);
      expect((await status(cookie)).connected).toBe(true);
    });
  });

  describe("linking", () => {
    it("links the chat that sends /start with the deep link's token, once", async () => {
      const { cookie, chat } = await learner();
      expect(await status(cookie)).toEqual({
        available: true,
        connected: false,
        paused: false,
        botUsername: "JargonWordsBot",
      });
      const token = await deepLinkToken(cookie);
      await bot.sendText(chat, `/start ${token}`);
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.linked);
      expect((await status(cookie)).connected).toBe(true);

      // Another chat with the same link: it was single use.
      const other = { id: 9_999, firstName: "Someone else" };
      await bot.sendText(other, `/start ${token}`);
      expect(lastTextTo(other)?.text).toBe(CHAT_TEXTS.linkInvalid);
    });

    it("refuses an expired or forged token", async () => {
      const { cookie, chat } = await learner();
      const token = await deepLinkToken(cookie);
      await bot.sendText(chat, `/start ${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.linkInvalid);
      t.clock.advance(16 * 60_000);
      await bot.sendText(chat, `/start ${token}`);
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.linkInvalid);
      expect((await status(cookie)).connected).toBe(false);
    });

    it("/stop pauses the chat, /start resumes it, and Disconnect in Settings forgets it", async () => {
      const { cookie, chat } = await linkedLearner();
      await bot.sendText(chat, "/stop");
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.stopped);
      expect(await status(cookie)).toMatchObject({ connected: false, paused: true });
      await bot.sendText(chat, "/start");
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.resumed);
      expect((await status(cookie)).connected).toBe(true);

      const disconnect = await t.app.inject({
        method: "DELETE",
        url: "/api/telegram/link",
        headers: { cookie, ...SAME_ORIGIN },
      });
      expect(disconnect.statusCode).toBe(204);
      expect(await status(cookie)).toMatchObject({ connected: false, paused: false });
      await bot.sendText(chat, "/start");
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.notLinked);
    });
  });

  describe("sending and answering", () => {
    let topicCount = 0;
    /**
     * A learner subscribed (in-app only) who then connects Telegram, which turns it on for the subscription, due
     * their first word at 09:00.
     */
    async function sentFirstWord() {
      topicCount += 1;
      const topic = await insertTopic(t.ctx, `tgwords${topicCount}`, 3);
      t.clock.set(new Date(`2025-06-0${topicCount}T08:00:00Z`));
      const person = await learner();
      await t.subscribe(person.cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
      await linkByDeepLink(person);
      t.clock.set(new Date(`2025-06-0${topicCount}T09:00:00Z`));
      return { ...person, topic };
    }
    beforeEach(() => {
      bot.answeredCallbacks.length = 0;
    });

    it("sends each word as a chat message with answer buttons; a review asks first and shows the meaning once answered, once", async () => {
      const { user, chat, topic } = await sentFirstWord();
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      const first = lastTextTo(chat)!;
      expect(first.text).toContain(`${topic.name}-1`);
      expect(first.text).toContain(`Definition 1 of ${topic.name}`);
      expect(first.buttons.flat().map((button) => button.text)).toEqual(["I knew it", "New to me"]);

      // "New to me": the word comes back tomorrow, riding along with the next new word.
      expect(await bot.pressButton(chat, first.messageId, first.buttons[0]![1]!.callback_data!)).toBe(204);
      expect(first.text).toMatch(/Comes back /);
      expect(first.buttons).toEqual([]);
      expect(bot.answeredCallbacks).toEqual([expect.objectContaining({ text: CHAT_TEXTS.answered })]);

      t.clock.advance(24 * 60 * 60_000);
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      const next = lastTextTo(chat)!;
      expect(next.messageId).not.toBe(first.messageId);
      expect(next.text).toContain(`Remember <b>${topic.name}-1</b>`);
      expect(next.text).not.toContain(`Definition 1 of ${topic.name}`);
      const remember = next.buttons.flat().find((button) => button.text === `${topic.name}-1: I remember`)!;
      expect(remember).toBeDefined();

      // Pressed twice (a double tap): one grade for the delivery.
      await bot.pressButton(chat, next.messageId, remember.callback_data!);
      await bot.pressButton(chat, next.messageId, remember.callback_data!);
      expect(next.text).toContain(`Definition 1 of ${topic.name}`);
      expect(next.text).not.toContain("Remember");
      expect(await reviewLogs(user.id)).toEqual([
        { grade: "again", channel: "telegram" },
        { grade: "good", channel: "telegram" },
      ]);
    });

    it("refuses a forged button, or one pressed in another chat, and records nothing", async () => {
      const { user, chat } = await sentFirstWord();
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      const sent = lastTextTo(chat)!;
      const data = sent.buttons[0]![0]!.callback_data!;
      const forged = [
        data.replace(".k.", ".d."),
        data.replace(/^a[0-9a-z]+/, "a1"),
        `${data.slice(0, -1)}${data.endsWith("A") ? "B" : "A"}`,
        "a1.k.AAAAAAAAAAAAAAAAAAAAAA",
      ];
      for (const callbackData of forged) await bot.pressButton(chat, sent.messageId, callbackData);
      const stranger = (await linkedLearner()).chat;
      await bot.pressButton(stranger, sent.messageId, data);
      expect(bot.answeredCallbacks.map((answer) => answer.text)).toEqual(
        Array(forged.length + 1).fill(CHAT_TEXTS.answerRefused),
      );
      expect(await reviewLogs(user.id)).toEqual([]);
      expect(sent.buttons).toHaveLength(1);
    });

    const telegramSends = (userId: string) =>
      queryRows<{ status: string; error: string | null }>(
        t.ctx.db,
        sql`select s.status, s.error from delivery_sends s join deliveries d on d.id = s.delivery_id
            where d.user_id = ${userId} and s.channel = 'telegram'`,
      );

    it("a 429 is retried when its retry_after says, not after the channel's own delay", async () => {
      const { user, chat } = await sentFirstWord();
      const before = bot.messages.length;
      // Five minutes: longer than the first back-off step (one minute), so only retry_after can explain the wait.
      bot.failNext(TELEGRAM_FAILURES.tooManyRequests(300));
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      expect(await telegramSends(user.id)).toEqual([expect.objectContaining({ status: "pending" })]);

      t.clock.advance(299_000);
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      expect(bot.messages).toHaveLength(before);

      t.clock.advance(1_000);
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      expect(bot.messages).toHaveLength(before + 1);
      expect(
        lastTextTo(chat)
          ?.buttons.flat()
          .map((button) => button.text),
      ).toEqual(["I knew it", "New to me"]);
      expect(await telegramSends(user.id)).toEqual([{ status: "sent", error: null }]);
    });

    it("a blocked bot ends the send as failed, pauses the chat and turns Telegram off", async () => {
      const { user, cookie, chat } = await sentFirstWord();
      const before = bot.messages.length;
      bot.failNext(TELEGRAM_FAILURES.blocked);
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      expect(bot.messages).toHaveLength(before);
      expect(await telegramSends(user.id)).toEqual([
        { status: "failed", error: expect.stringContaining("blocked") as string },
      ]);
      expect(await status(cookie)).toMatchObject({ connected: false, paused: true });
      expect(lastTextTo(chat)?.text).toBe(CHAT_TEXTS.linked);

      // The next day's word is not even queued for the chat.
      t.clock.advance(24 * 60 * 60_000);
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      expect(await telegramSends(user.id)).toHaveLength(1);
    });
  });
});

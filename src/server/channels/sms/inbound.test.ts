import { eq, sql } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { users } from "@server/db/schema";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { isOptedOut } from "./opt-outs";
import { insertTopic, postponeCardsOf } from "@server/testing/content-fixtures";
import { OWN_HOST, TEST_APP_URL, createTestApp, type TestApp } from "@server/testing/test-app";
import { startTwilioEmulator, type TwilioEmulator } from "@server/testing/twilio-emulator";
import { NOTHING_TO_ANSWER_TEXT } from "./inbound";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** What Twilio posts when someone texts our number (a few of its many fields). */
const reply = (from: string, body: string) => ({
  MessageSid: `SM${"1".repeat(32)}`,
  AccountSid: `AC${"2".repeat(32)}`,
  From: from,
  To: "+15005550006",
  Body: body,
  NumMedia: "0",
});

describe("inbound SMS webhook (Twilio configured)", () => {
  let emulator: TwilioEmulator;
  let t: TestApp;
  beforeAll(async () => {
    emulator = await startTwilioEmulator();
    t = await createTestApp({ env: emulator.env });
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });

  /** Signed the way Twilio signs: HMAC-SHA1 of the configured URL and the sorted form fields, under the auth token. */
  const signed = (params: Record<string, string>, url = "/api/sms/inbound", token = emulator.authToken) =>
    t.app.inject({
      method: "POST",
      url,
      remoteAddress: "54.172.60.1",
      headers: {
        ...FORM,
        "x-twilio-signature": twilio.getExpectedTwilioSignature(token, `${TEST_APP_URL}${url}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });

  it("STOP and Twilio's other opt-out words stop texts to the number; START, UNSTOP and YES allow them again", async () => {
    const number = "+447911123456";
    for (const [word, optedOut] of [
      ["STOP", true],
      ["start", false],
      [" Unsubscribe ", true],
      ["UNSTOP", false],
      ["quit", true],
      ["yes", false],
      ["STOPALL", true],
    ] as const) {
      const answer = await signed(reply(number, word));
      expect(answer.statusCode, word).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/xml/);
      expect(answer.body).toContain("<Response/>");
      expect(await isOptedOut(t.ctx.db, number), word).toBe(optedOut);
    }
  });

  it("ignores other texts and numbers it cannot read", async () => {
    for (const params of [
      reply("+33612345678", "stop please"),
      reply("+33612345678", "12"),
      reply("+33612345678", "3"),
      reply("alice", "STOP"),
      reply("alice", "1"),
    ]) {
      const answer = await signed(params);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain("<Response/>");
    }
    expect(await isOptedOut(t.ctx.db, "+33612345678")).toBe(false);
  });

  describe("replies 1 and 2 answer the latest word texted", () => {
    let learners = 0;
    /** A Pro learner whose number is verified, texted one word a day at 09:00 UTC from `day`. */
    async function textedLearner(phoneNumber: string) {
      learners += 1;
      const topic = await insertTopic(t.ctx, `smsreply${learners}x`, 5);
      const { user, cookie } = await t.signIn({ email: `texted-${learners}@example.com`, timeZone: "UTC" });
      await t.ctx.db
        .update(users)
        .set({ subscriptionPlan: "pro", phoneNumber, phoneVerifiedNumber: phoneNumber })
        .where(eq(users.id, user.id));
      t.clock.set(new Date("2025-06-01T08:00:00Z"));
      await t.subscribe(cookie, {
        topicId: topic.id,
        emailEnabled: false,
        inAppEnabled: false,
        smsEnabled: true,
      });
      return { user, topic };
    }
    /** A day's text: a new word each day, as if the learner's words were not due again yet (the send mix would
     * otherwise bring yesterday's word back first; it has its own tests in delivery/). */
    async function textAt(userId: string, day: string) {
      t.clock.set(new Date(`${day}T09:00:00Z`));
      // Words answered since the last text too: held well, they would otherwise ride along as nearly due.
      await postponeCardsOf(t.ctx, userId);
      const run = await runSchedulerOnce(t.ctx, { onlyUserId: userId });
      expect(run, JSON.stringify(run)).toMatchObject({ delivered: 1, sends: { sms: { sent: 1 } } });
      await postponeCardsOf(t.ctx, userId);
    }
    const logsOf = (userId: string) =>
      queryRows<{ word: string; grade: string; channel: string }>(
        t.ctx.db,
        sql`select w.word, l.grade, l.channel from review_logs l
            join deliveries d on d.id = l.delivery_id join words w on w.id = d.word_id
            where l.user_id = ${userId} order by l.id`,
      );

    it("grades the newest text once, leniently read, and texts back when the word comes back", async () => {
      const number = "+447700900111";
      const { user, topic } = await textedLearner(number);
      await textAt(user.id, "2025-06-01");
      await textAt(user.id, "2025-06-02");
      t.clock.set(new Date("2025-06-02T10:00:00Z"));

      const first = await signed(reply(number, "1."));
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-type"]).toMatch(/^text\/xml/);
      expect(first.body).toMatch(
        new RegExp(
          `<Message>Got it: ${topic.name[0]!.toUpperCase()}${topic.name.slice(1)}-2 comes back (tomorrow|in \\d+ days|tomorrow, with your next words|with your next words, in \\d+ days)\\.</Message>`,
        ),
      );
      // Again, or the other answer: the delivery has its answer; the reply says when the word comes back.
      const second = await signed(reply(number, " 2 "));
      expect(second.body).toMatch(/comes back (tomorrow|in \d+ days)/);
      // "1" on a new word is "I knew this already": Easy.
      expect(await logsOf(user.id)).toEqual([{ word: `${topic.name}-2`, grade: "easy", channel: "sms" }]);

      // The next word's "2" is Again.
      await textAt(user.id, "2025-06-03");
      // No minute steps: a word forgotten at 09:00 is due tomorrow and comes back with tomorrow's text, not "today".
      expect((await signed(reply(number, "2"))).body).toContain(
        `-3 comes back tomorrow, with your next words.</Message>`,
      );
      expect(await logsOf(user.id)).toEqual([
        { word: `${topic.name}-2`, grade: "easy", channel: "sms" },
        { word: `${topic.name}-3`, grade: "again", channel: "sms" },
      ]);
    });

    it("grades nothing for a number no verified learner has, and says there is nothing to answer", async () => {
      const number = "+447700900222";
      const { user } = await textedLearner(number);
      await textAt(user.id, "2025-06-01");
      // The learner changed the number (Settings) and has not verified the new one: neither number is verified.
      await t.ctx.db.update(users).set({ phoneNumber: "+447700900223" }).where(eq(users.id, user.id));
      for (const from of [number, "+447700900223", "+447700900999"]) {
        const answer = await signed(reply(from, "1"));
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain(`<Message>${NOTHING_TO_ANSWER_TEXT}</Message>`);
      }
      expect(await logsOf(user.id)).toEqual([]);
    });

    it("still needs Twilio's signature, and STOP wins over an answer", async () => {
      const number = "+447700900333";
      const { user } = await textedLearner(number);
      await textAt(user.id, "2025-06-01");
      const unsigned = await t.app.inject({
        method: "POST",
        url: "/api/sms/inbound",
        headers: FORM,
        payload: new URLSearchParams(reply(number, "1")).toString(),
      });
      expect(unsigned.statusCode).toBe(403);
      expect(await logsOf(user.id)).toEqual([]);

      // After STOP the answer is still recorded, but nothing is texted back to a number that opted out.
      expect((await signed(reply(number, "STOP"))).body).toContain("<Response/>");
      const answered = await signed(reply(number, "1"));
      expect(answered.body).toContain("<Response/>");
      expect(await logsOf(user.id)).toHaveLength(1);
      expect(await isOptedOut(t.ctx.db, number)).toBe(true);
    });
  });

  it("refuses a missing or wrong signature with 403 and changes nothing", async () => {
    const params = reply("+33612345679", "STOP");
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: FORM,
      payload: new URLSearchParams(params).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toMatchObject({ code: "BAD_SIGNATURE" });

    const wrongToken = await signed(params, "/api/sms/inbound", "not-the-token");
    expect(wrongToken.statusCode).toBe(403);

    // A signature for other fields does not cover these.
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: {
        ...FORM,
        "x-twilio-signature": twilio.getExpectedTwilioSignature(
          emulator.authToken,
          `${TEST_APP_URL}/api/sms/inbound`,
          reply("+33612345679", "START"),
        ),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await isOptedOut(t.ctx.db, "+33612345679")).toBe(false);
  });

  it("answers junk with 4xx, never 500", async () => {
    const cases = [
      { headers: { "content-type": "application/json" }, payload: "[1,2" },
      { headers: { "content-type": "application/json" }, payload: JSON.stringify({ From: ["a"], Body: 1 }) },
      { headers: FORM, payload: "From=%ZZ&Body=" },
      { headers: { "content-type": "text/plain" }, payload: "STOP" },
    ];
    for (const request of cases) {
      const answer = await t.app.inject({ method: "POST", url: "/api/sms/inbound", ...request });
      expect(answer.statusCode, request.payload).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, request.payload).toBeLessThan(500);
    }
    // Signed, but without the fields we read.
    expect((await signed({ MessageSid: "SM1" })).statusCode).toBe(400);
  });
});

describe("inbound SMS webhook (embedded default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("has no token to check, so only this machine may simulate a reply", async () => {
    const payload = new URLSearchParams(reply("+447911123457", "STOP")).toString();
    const remote = await t.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      remoteAddress: "203.0.113.9",
      headers: { ...FORM, "x-forwarded-for": "127.0.0.1" },
      payload,
    });
    expect(remote.statusCode).toBe(404);
    expect(await isOptedOut(t.ctx.db, "+447911123457")).toBe(false);

    const proxied = await t.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: { ...FORM, ...OWN_HOST, "x-forwarded-for": "203.0.113.9" },
      payload,
    });
    expect(proxied.statusCode).toBe(404);
    const foreignHost = await t.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: { ...FORM, host: "rebound.example" },
      payload,
    });
    expect(foreignHost.statusCode).toBe(404);
    expect(await isOptedOut(t.ctx.db, "+447911123457")).toBe(false);

    const local = await t.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: { ...FORM, ...OWN_HOST },
      payload,
    });
    expect(local.statusCode).toBe(200);
    expect(await isOptedOut(t.ctx.db, "+447911123457")).toBe(true);
  });
});

import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOptedOut } from "@server/platform/sms/opt-outs";
import { TEST_APP_URL, createTestApp, type TestApp } from "@server/testing/test-app";
import { startTwilioEmulator, type TwilioEmulator } from "@server/testing/twilio-emulator";

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

  it("ignores other replies (grading comes later) and numbers it cannot read", async () => {
    for (const params of [
      reply("+33612345678", "1"),
      reply("+33612345678", "stop please"),
      reply("alice", "STOP"),
    ]) {
      const answer = await signed(params);
      expect(answer.statusCode).toBe(200);
    }
    expect(await isOptedOut(t.ctx.db, "+33612345678")).toBe(false);
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

    const local = await t.app.inject({ method: "POST", url: "/api/sms/inbound", headers: FORM, payload });
    expect(local.statusCode).toBe(200);
    expect(await isOptedOut(t.ctx.db, "+447911123457")).toBe(true);
  });
});

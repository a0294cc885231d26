import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_PER_IP_PER_HOUR,
  FEEDBACK_PER_USER_PER_HOUR,
  FEEDBACK_RATE_LIMIT_MESSAGE,
} from "@shared/api/feedback";
import { HOUR_MS } from "@shared/constants";
import { feedback } from "@server/db/schema";
import { startSmtpSink, type SmtpSink } from "@server/testing/smtp-sink";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

const SUPPORT = "help@jargon.test";
const valid = {
  area: "history",
  subject: "Search by topic",
  message: "It would help to filter my history by topic as well as by day.",
  userEmail: "ada.reply@example.com",
  userName: "Ada Lovelace",
};

/** POST /api/feedback on the real app, mailed through a real SMTP conversation to a local sink. */
describe("feedback", () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT } });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const send = (cookie: string | undefined, payload: object, ip = "10.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/feedback",
      remoteAddress: ip,
      headers: { ...(cookie ? { cookie } : {}), ...SAME_ORIGIN },
      payload,
    });

  it("stores the feedback and e-mails it to the support address with the sender as Reply-To", async () => {
    const { user, cookie } = await t.signIn({ email: "ada@example.com" });
    const response = await send(cookie, valid);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, response.json().id));
    expect(row).toMatchObject({
      userId: user.id,
      area: "history",
      subject: valid.subject,
      message: valid.message,
      userEmail: valid.userEmail,
      userName: valid.userName,
    });
    expect(row!.mailedAt).not.toBeNull();

    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.raw).toContain("Reply-To: ada.reply@example.com");
    expect(mail.raw).toContain("Subject: [Jargon feedback] History: Search by topic");
    // The body is quoted-printable: undo its soft line breaks before reading the text.
    expect(mail.raw.replace(/=\r\n/g, "")).toContain("filter my history by topic");
  });

  it("replies to the account's address when the form's e-mail is left empty", async () => {
    const { cookie } = await t.signIn({ email: "quiet@example.com" });
    const response = await send(cookie, { ...valid, userEmail: "", userName: "" }, "10.0.0.2");
    expect(response.statusCode, response.body).toBe(201);
    expect(sink.received.at(-1)!.raw).toContain("Reply-To: quiet@example.com");
  });

  it("keeps the feedback when the support mailbox refuses it, and still thanks the sender", async () => {
    const { user, cookie } = await t.signIn({ email: "unlucky@example.com" });
    sink.failNext(1, 550, "Mailbox unavailable");
    const response = await send(cookie, valid, "10.0.0.3");
    expect(response.statusCode).toBe(201);
    const rows = await t.ctx.db.select().from(feedback).where(eq(feedback.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mailedAt).toBeNull();
  });

  it("validates every field with the form's own messages (400) and needs a session (401)", async () => {
    const { cookie } = await t.signIn({ email: "typos@example.com" });
    const cases: [object, string][] = [
      [{ ...valid, area: undefined }, FEEDBACK_MESSAGES.area],
      [{ ...valid, area: "pricing" }, FEEDBACK_MESSAGES.area],
      [{ ...valid, subject: "" }, FEEDBACK_MESSAGES.subjectRequired],
      [{ ...valid, subject: "   " }, FEEDBACK_MESSAGES.subjectRequired],
      [{ ...valid, subject: "x".repeat(101) }, "Subject must be under 100 characters"],
      [{ ...valid, message: "too short" }, "Please provide at least 10 characters of feedback"],
      [{ ...valid, message: "x".repeat(2001) }, "Message must be under 2000 characters"],
      [{ ...valid, userEmail: "not-an-address" }, FEEDBACK_MESSAGES.email],
      [{ ...valid, userName: "n".repeat(101) }, FEEDBACK_MESSAGES.nameTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await send(cookie, payload, "10.0.0.4");
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await send(undefined, valid, "10.0.0.4")).statusCode).toBe(401);
  });

  it(`limits each user to ${FEEDBACK_PER_USER_PER_HOUR} an hour with a 429 and a message`, async () => {
    const { cookie } = await t.signIn({ email: "chatty@example.com" });
    for (let i = 0; i < FEEDBACK_PER_USER_PER_HOUR; i += 1) {
      expect((await send(cookie, valid, "10.0.0.5")).statusCode).toBe(201);
    }
    const limited = await send(cookie, valid, "10.0.0.5");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(FEEDBACK_RATE_LIMIT_MESSAGE);
    t.clock.advance(HOUR_MS + 1);
    expect((await send(cookie, valid, "10.0.0.5")).statusCode).toBe(201);
  });

  it(`limits each IP address to ${FEEDBACK_PER_IP_PER_HOUR} an hour, whoever signs in`, async () => {
    let sent = 0;
    for (let n = 0; sent < FEEDBACK_PER_IP_PER_HOUR; n += 1) {
      const { cookie } = await t.signIn({ email: `crowd-${n}@example.com` });
      for (let i = 0; i < FEEDBACK_PER_USER_PER_HOUR && sent < FEEDBACK_PER_IP_PER_HOUR; i += 1, sent += 1) {
        expect((await send(cookie, valid, "10.9.9.9")).statusCode).toBe(201);
      }
    }
    const { cookie } = await t.signIn({ email: "crowd-last@example.com" });
    const limited = await send(cookie, valid, "10.9.9.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(FEEDBACK_RATE_LIMIT_MESSAGE);
    expect((await send(cookie, valid, "10.9.9.8")).statusCode).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@server/testing/test-app";

describe("local mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps every e-mail and lists it newest first, as JSON and as a page", async () => {
    await t.ctx.mailer.send({ to: "a@example.com", subject: "First", html: "<p>one</p>", text: "one" });
    t.clock.advance(1000);
    await t.ctx.mailer.send({ to: "b@example.com", subject: "Second", html: "<p>two</p>", text: "two" });

    const list = await t.app.inject({ method: "GET", url: "/api/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    const messages = list.json() as Array<Record<string, string>>;
    expect(messages.map((message) => message.subject)).toEqual(["Second", "First"]);
    expect(Object.keys(messages[0]!)).toEqual(
      expect.arrayContaining(["id", "to", "subject", "text", "html", "createdAt"]),
    );

    const page = await t.app.inject({ method: "GET", url: `/dev/mailbox/${messages[1]!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Local mailbox");
    expect(page.body).toContain('sandbox=""');
    expect(page.body).toContain("&#60;p&#62;one&#60;/p&#62;");

    const missing = await t.app.inject({
      method: "GET",
      url: "/dev/mailbox/00000000-0000-0000-0000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("lists the local SMS outbox's texts newest first, as JSON and beside the e-mails on the page", async () => {
    await t.ctx.sms.send({ to: "+447911123456", body: "First text" });
    t.clock.advance(1000);
    await t.ctx.sms.send({ to: "+33612345678", body: "Second <text>" });

    const list = await t.app.inject({ method: "GET", url: "/api/dev/sms" });
    expect(list.statusCode).toBe(200);
    const texts = list.json() as Array<Record<string, string>>;
    expect(texts.map(({ to, body }) => ({ to, body }))).toEqual([
      { to: "+33612345678", body: "Second <text>" },
      { to: "+447911123456", body: "First text" },
    ]);
    expect(texts[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.body).toContain("Text messages");
    expect(page.body).toContain("Second &#60;text&#62;");
    expect(page.body).toContain("+447911123456");
  });

  it("answers only to this machine's own socket, whatever a forwarded header claims", async () => {
    for (const url of ["/api/dev/mailbox", "/dev/mailbox", "/api/dev/sms"]) {
      for (const remoteAddress of ["203.0.113.9", "10.0.0.5", "::ffff:192.0.2.1"]) {
        const response = await t.app.inject({
          method: "GET",
          url,
          remoteAddress,
          headers: { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" },
        });
        expect(response.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(response.body).not.toContain("sign-in");
      }
      for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
        expect((await t.app.inject({ method: "GET", url, remoteAddress })).statusCode).toBe(200);
      }
    }
  });
});

describe("local mailbox with a real mail server configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
  });
  afterAll(() => t.close());

  it("does not exist (the SMS outbox still does, without Twilio)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/dev/sms" })).statusCode).toBe(200);
  });
});

describe("local SMS outbox with Twilio configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: "+15005550006",
      },
    });
  });
  afterAll(() => t.close());

  it("does not exist, and the mailbox page shows no texts section", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/dev/sms" })).statusCode).toBe(404);
    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("Text messages");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_HOST, createTestApp, type TestApp } from "@server/testing/test-app";

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

    const list = await t.app.inject({ method: "GET", url: "/api/dev/mailbox", headers: OWN_HOST });
    expect(list.statusCode).toBe(200);
    const messages = list.json() as Array<Record<string, string>>;
    expect(messages.map((message) => message.subject)).toEqual(["Second", "First"]);
    expect(Object.keys(messages[0]!)).toEqual(
      expect.arrayContaining(["id", "to", "subject", "text", "html", "createdAt"]),
    );

    const page = await t.app.inject({
      method: "GET",
      url: `/dev/mailbox/${messages[1]!.id}`,
      headers: OWN_HOST,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Local mailbox");
    expect(page.body).toContain('sandbox=""');
    expect(page.body).toContain("&#60;p&#62;one&#60;/p&#62;");

    const missing = await t.app.inject({
      headers: OWN_HOST,
      method: "GET",
      url: "/dev/mailbox/00000000-0000-0000-0000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("lists the local SMS outbox's texts newest first, as JSON and beside the e-mails on the page", async () => {
    await t.ctx.sms.send({ to: "+447911123456", body: "First text", purpose: "code" });
    t.clock.advance(1000);
    await t.ctx.sms.send({ to: "+33612345678", body: "Second <text>", purpose: "word" });

    const list = await t.app.inject({ method: "GET", url: "/api/dev/sms", headers: OWN_HOST });
    expect(list.statusCode).toBe(200);
    const texts = list.json() as Array<Record<string, string>>;
    expect(texts.map(({ to, body }) => ({ to, body }))).toEqual([
      { to: "+33612345678", body: "Second <text>" },
      { to: "+447911123456", body: "First text" },
    ]);
    expect(texts[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox", headers: OWN_HOST });
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
          headers: { ...OWN_HOST, "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" },
        });
        expect(response.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(response.body).not.toContain("sign-in");
      }
      for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
        expect(
          (await t.app.inject({ method: "GET", url, remoteAddress, headers: OWN_HOST })).statusCode,
        ).toBe(200);
      }
    }
  });
});

describe("this machine only means the socket and the host (issue 24)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mailer.send({ to: "a@example.com", subject: "Sign in", html: "<p>link</p>", text: "link" });
  });
  afterAll(() => t.close());
  const urls = ["/api/dev/mailbox", "/dev/mailbox", "/api/dev/sms"];

  it("is off for a request a proxy on this machine passed on (any Forwarded or X-Forwarded-* header)", async () => {
    for (const url of urls)
      for (const header of [
        { forwarded: "for=198.51.100.7" },
        { "x-forwarded-for": "198.51.100.7" },
        { "x-forwarded-host": "localhost:5000" },
        { "x-forwarded-proto": "https" },
        { "x-real-ip": "198.51.100.7" },
      ]) {
        const response = await t.app.inject({
          method: "GET",
          url,
          remoteAddress: "127.0.0.1",
          headers: { ...OWN_HOST, ...header },
        });
        expect(response.statusCode, `${url} ${JSON.stringify(header)}`).toBe(404);
        expect(response.body).not.toContain("link");
      }
  });

  it("is off for a Host that is not the app's own (a page elsewhere that rebound its name to 127.0.0.1)", async () => {
    for (const url of urls)
      for (const host of ["evil.example:5000", "attacker.test", "localhost:5001", "localhost"]) {
        const response = await t.app.inject({
          method: "GET",
          url,
          remoteAddress: "127.0.0.1",
          headers: { host },
        });
        expect(response.statusCode, `${url} Host: ${host}`).toBe(404);
      }
    // The embedded default's other loopback names on the app's port are the app's own.
    for (const host of ["127.0.0.1:5000", "[::1]:5000", "LOCALHOST:5000"])
      expect(
        (await t.app.inject({ method: "GET", url: "/api/dev/mailbox", headers: { host } })).statusCode,
      ).toBe(200);
  });

  it("is off altogether when TRUST_PROXY says a proxy stands in front", { timeout: 120_000 }, async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      for (const url of urls)
        expect(
          (await proxied.app.inject({ method: "GET", url, remoteAddress: "127.0.0.1", headers: OWN_HOST }))
            .statusCode,
        ).toBe(404);
    } finally {
      await proxied.close();
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
    expect(
      (await t.app.inject({ method: "GET", url: "/api/dev/mailbox", headers: OWN_HOST })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox", headers: OWN_HOST })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/dev/sms", headers: OWN_HOST })).statusCode).toBe(
      200,
    );
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
    expect((await t.app.inject({ method: "GET", url: "/api/dev/sms", headers: OWN_HOST })).statusCode).toBe(
      404,
    );
    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox", headers: OWN_HOST });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("Text messages");
  });
});

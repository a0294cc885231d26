import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

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

  it("answers only to this machine's own socket, whatever a forwarded header claims", async () => {
    for (const url of ["/api/dev/mailbox", "/dev/mailbox"]) {
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

  it("does not exist", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
  });
});

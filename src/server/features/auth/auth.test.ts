import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAGIC_LINK_TTL_MS, SESSION_COOKIE } from "../../../shared/constants";
import { mailbox, users } from "../../db/schema";
import { SAME_ORIGIN, createTestApp, type TestApp } from "../../testing/test-app";
import { LINKS_PER_ADDRESS } from "./service";

const sessionCookieOf = (setCookie: string | string[] | undefined) => {
  const header = [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  return header?.split(";")[0];
};

async function latestLinkFor(t: TestApp, email: string): Promise<string> {
  const messages = await t.ctx.db.select().from(mailbox).where(eq(mailbox.to, email));
  const text = messages.at(-1)?.text ?? "";
  const match = text.match(/http:\/\/localhost:5000(\/api\/login\/email\/verify\?token=[\w%-]+)/);
  if (!match?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return match[1];
}

describe("magic-link sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const requestLink = (body: unknown) =>
    t.app.inject({ method: "POST", url: "/api/login/email", headers: SAME_ORIGIN, payload: body as object });

  it("shows our own sign-in page when no provider is configured", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Email me a sign-in link");
  });

  it("e-mails a single-use link that signs in, then logs out", async () => {
    const response = await requestLink({ email: "  Ada@Example.com ", timeZone: "Europe/London" });
    expect(response.statusCode).toBe(204);

    const link = await latestLinkFor(t, "ada@example.com");
    const [mail] = await t.ctx.db.select().from(mailbox).where(eq(mailbox.to, "ada@example.com"));
    expect(mail?.subject).toBe("Your Jargon sign-in link");
    expect(mail?.html).toContain("Sign in to Jargon");

    const verified = await t.app.inject({ method: "GET", url: link });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe("/");
    const cookieHeader = verified.headers["set-cookie"];
    expect(String(cookieHeader)).toMatch(/HttpOnly/i);
    expect(String(cookieHeader)).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookieOf(cookieHeader);
    expect(cookie).toBeDefined();

    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: "ada@example.com",
      subscriptionPlan: "free",
      timeZone: "Europe/London",
    });

    const again = await t.app.inject({ method: "GET", url: link });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("expired or was already used");

    const logout = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie: cookie! } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/");
    const after = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookie! } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("refuses a link older than 15 minutes", async () => {
    await requestLink({ email: "late@example.com" });
    const link = await latestLinkFor(t, "late@example.com");
    t.clock.advance(MAGIC_LINK_TTL_MS + 1000);
    const verified = await t.app.inject({ method: "GET", url: link });
    expect(verified.statusCode).toBe(400);
    expect(sessionCookieOf(verified.headers["set-cookie"])).toBeUndefined();
  });

  it("answers 400 with a message for a bad address or body", async () => {
    for (const body of [{ email: "not-an-email" }, { email: "" }, {}, { email: 42 }]) {
      const response = await requestLink(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/e-mail address/);
    }
    const badZone = await requestLink({ email: "zone@example.com", timeZone: "Mars/Olympus" });
    expect(badZone.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/login/email",
      headers: { ...SAME_ORIGIN, "content-type": "application/json" },
      payload: "{oops",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe("The request body is not valid JSON.");
  });

  it("sends the no-JavaScript form back to the sign-in page with the outcome", async () => {
    const form = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login/email",
        headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        payload: `email=${encodeURIComponent(email)}&timeZone=`,
      });
    const ok = await form("form@example.com");
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe("/api/login?sent=form%40example.com");
    const bad = await form("nope");
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toContain("/api/login?error=");
  });

  it("limits links per address with a 429 and a message", async () => {
    const email = "spam-target@example.com";
    for (let i = 0; i < LINKS_PER_ADDRESS; i++) expect((await requestLink({ email })).statusCode).toBe(204);
    const limited = await requestLink({ email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many sign-in links/);
  });

  it("refuses state-changing requests from another site", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login/email",
      headers: { origin: "https://evil.example" },
      payload: { email: "victim@example.com" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("BAD_ORIGIN");
  });
});

describe("accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("makes the first account of a fresh install the admin, and nobody after", async () => {
    const first = await t.signIn({ email: "first@example.com" });
    const second = await t.signIn({ email: "second@example.com" });
    expect(first.user.isAdmin).toBe(true);
    expect(second.user.isAdmin).toBe(false);
  });

  it("records the browser's time zone once, and validates it", async () => {
    const { cookie } = await t.signIn({ email: "tz@example.com" });
    const post = (timeZone: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/time-zone",
        headers: { ...SAME_ORIGIN, cookie },
        payload: { timeZone },
      });
    expect((await post("Not/AZone")).statusCode).toBe(400);
    expect((await post("Asia/Tokyo")).statusCode).toBe(204);
    expect((await post("America/New_York")).statusCode).toBe(204);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, "tz@example.com"));
    expect(row?.timeZone).toBe("Asia/Tokyo");
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/auth/time-zone",
      headers: SAME_ORIGIN,
      payload: { timeZone: "Asia/Tokyo" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("ADMIN_EMAILS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "boss@example.com, Chief@Example.com" } });
  });
  afterAll(() => t.close());

  it("makes exactly the listed addresses admins", async () => {
    expect((await t.signIn({ email: "someone@example.com" })).user.isAdmin).toBe(false);
    expect((await t.signIn({ email: "chief@example.com" })).user.isAdmin).toBe(true);
    expect((await t.signIn({ email: "BOSS@example.com" })).user.isAdmin).toBe(true);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAGIC_LINK_TTL_MS, SESSION_COOKIE } from "@shared/constants";
import { mailbox, users } from "@server/db/schema";
import { OWN_HOST, SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
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

  /** The landing page's button: a same-origin form POST of the link's token. */
  const signInWith = (link: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login/email/verify",
      headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${new URL(link, "http://x").searchParams.get("token") ?? ""}`,
    });

  const signInNamed = (link: string, firstName: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login/email/verify",
      headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${new URL(link, "http://x").searchParams.get("token") ?? ""}&firstName=${encodeURIComponent(firstName)}`,
    });

  it("asks a first-time address for a first name, keeps it, and never asks or overwrites again", async () => {
    await requestLink({ email: "grace@example.com" });
    const first = await latestLinkFor(t, "grace@example.com");
    const created = await signInNamed(first, "  Grace ");
    expect(created.statusCode).toBe(303);
    const cookie = sessionCookieOf(created.headers["set-cookie"])!;
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: "Grace", signInMethod: "email" });

    await requestLink({ email: "grace@example.com" });
    const second = await latestLinkFor(t, "grace@example.com");
    const landing = await t.app.inject({ method: "GET", url: second });
    expect(landing.body).toContain(">Sign in</button>");
    expect(landing.body).not.toContain('name="firstName"');
    // A hand-made form field cannot rename an existing account.
    await signInNamed(second, "Mallory");
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, "grace@example.com"));
    expect(row?.firstName).toBe("Grace");
  });

  it("leaves the first name empty when a first-time address skips it, and refuses an overlong one", async () => {
    await requestLink({ email: "lin@example.com" });
    const tooLong = await signInNamed(await latestLinkFor(t, "lin@example.com"), "x".repeat(51));
    expect(tooLong.statusCode).toBe(400);
    const skipped = await signInNamed(await latestLinkFor(t, "lin@example.com"), "");
    expect(skipped.statusCode).toBe(303);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, "lin@example.com"));
    expect(row?.firstName).toBeNull();
  });

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

    // Opening the link (as a mail scanner does, by GET or HEAD) shows a page and spends nothing.
    for (const method of ["GET", "HEAD", "GET"] as const) {
      const landing = await t.app.inject({ method, url: link });
      expect(landing.statusCode).toBe(200);
      expect(sessionCookieOf(landing.headers["set-cookie"])).toBeUndefined();
    }
    const landing = await t.app.inject({ method: "GET", url: link });
    expect(landing.body).toContain('<form method="post" action="/api/login/email/verify">');
    // A new address: the button creates the account, and the page asks for an optional first name.
    expect(landing.body).toContain(">Create account and sign in</button>");
    expect(landing.body).toContain('name="firstName"');

    const verified = await signInWith(link);
    expect(verified.statusCode).toBe(303);
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
    const twice = await signInWith(link);
    expect(twice.statusCode).toBe(303);
    expect(twice.headers.location).toBe("/api/login?error=link_expired");
    expect(sessionCookieOf(twice.headers["set-cookie"])).toBeUndefined();

    const logout = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: cookie!, "sec-fetch-site": "same-origin" },
    });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/");
    const after = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookie! } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("signs out only on the app's own navigation; another site's link gets a page whose button POSTs (issue 24)", async () => {
    const { cookie } = await t.signIn({ email: "stays-in@example.com" });
    const signedIn = async () =>
      (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode === 200;
    for (const site of ["cross-site", "same-site", undefined]) {
      const page = await t.app.inject({
        method: "GET",
        url: "/api/logout",
        headers: { cookie, ...(site ? { "sec-fetch-site": site } : {}) },
      });
      expect(page.statusCode, String(site)).toBe(200);
      expect(page.body).toContain('<form method="post" action="/api/logout">');
      expect(await signedIn()).toBe(true);
    }
    const foreignPost = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(foreignPost.statusCode).toBe(403);
    expect(await signedIn()).toBe(true);
    const button = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(button.statusCode).toBe(303);
    expect(button.headers.location).toBe("/");
    expect(await signedIn()).toBe(false);
  });

  it("marks the sign-in notice cookie Secure under an https APP_URL", { timeout: 120_000 }, async () => {
    const secure = await createTestApp({ env: { APP_URL: "https://jargon.example" } });
    try {
      const sent = await secure.app.inject({
        method: "POST",
        url: "/api/login/email",
        headers: { origin: "https://jargon.example", "content-type": "application/x-www-form-urlencoded" },
        payload: "email=secure%40example.com",
      });
      expect(sent.statusCode).toBe(303);
      const cookie = String(sent.headers["set-cookie"]);
      expect(cookie).toMatch(/^jargon_login_sent=/);
      expect(cookie).toContain("Secure");
      expect(decodeURIComponent(cookie)).not.toContain("secure@example.com");
    } finally {
      await secure.close();
    }
  });

  it("refuses a link older than 15 minutes", async () => {
    await requestLink({ email: "late@example.com" });
    const link = await latestLinkFor(t, "late@example.com");
    t.clock.advance(MAGIC_LINK_TTL_MS + 1000);
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(400);
    const verified = await signInWith(link);
    expect(verified.headers.location).toBe("/api/login?error=link_expired");
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
    expect(ok.headers.location).toBe("/api/login?sent=1");
    // The address travels in a signed cookie of the redirect, not in the URL.
    const sentCookie = String(ok.headers["set-cookie"]).split(";")[0]!;
    const sent = await t.app.inject({
      method: "GET",
      url: "/api/login?sent=1",
      headers: { ...OWN_HOST, cookie: sentCookie },
    });
    // The cookie holds a masked address, never the address itself (issue 24).
    expect(decodeURIComponent(sentCookie)).not.toContain("form@example.com");
    expect(sent.body).toContain("We sent a sign-in link to <strong>f…@example.com</strong>");
    expect(sent.body).toContain("local mailbox");

    const bad = await form("nope");
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe("/api/login?error=invalid_email");
    const shown = await t.app.inject({ method: "GET", url: "/api/login?error=invalid_email" });
    expect(shown.body).toContain("Please enter a valid e-mail address");
  });

  it("never shows text from the link's query string inside the sign-in page", async () => {
    const phishing = "Your account is locked. Call +1 555 0100 now";
    for (const query of [
      `sent=${encodeURIComponent(phishing)}`,
      `error=${encodeURIComponent(phishing)}`,
      `sent=1`,
    ]) {
      const page = await t.app.inject({ method: "GET", url: `/api/login?${query}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain("locked");
      expect(page.body).not.toContain("+1 555");
    }
    // A forged cookie is not ours: the page names no address.
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/login?sent=1",
      headers: { cookie: `jargon_login_sent=${encodeURIComponent("evil@example.com.AAAA")}` },
    });
    expect(forged.body).toContain("We sent a sign-in link to your address");
    expect(forged.body).not.toContain("evil@example.com");
  });

  it("points to the local mailbox only for a visitor on this machine", async () => {
    const fromAfar = await t.app.inject({
      method: "GET",
      url: "/api/login?sent=1",
      remoteAddress: "203.0.113.9",
    });
    expect(fromAfar.body).not.toContain("local mailbox");
    const local = await t.app.inject({ method: "GET", url: "/api/login?sent=1", headers: OWN_HOST });
    expect(local.body).toContain("local mailbox");
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

  it("counts only APP_URL's origin as the app's own, never one made of the request's Host (issue 24)", async () => {
    const rebound = await t.app.inject({
      method: "POST",
      url: "/api/login/email",
      headers: { host: "rebound.example", origin: "http://rebound.example" },
      payload: { email: "victim@example.com" },
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().code).toBe("BAD_ORIGIN");
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

describe("per-IP limits and forwarded headers", () => {
  const burst = async (t: TestApp, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/login/email",
        remoteAddress: "198.51.100.7",
        // Each request claims another client address: only a trusted proxy may say so.
        headers: { ...SAME_ORIGIN, "x-forwarded-for": `203.0.113.${i + 1}` },
        payload: { email: `burst-${i}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it("ignores X-Forwarded-For by default, so changing it does not escape the limit", async () => {
    const t = await createTestApp();
    try {
      const statuses = await burst(t, 31);
      expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it("counts forwarded addresses behind a proxy named by TRUST_PROXY", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "198.51.100.0/24" } });
    try {
      expect((await burst(t, 31)).every((status) => status === 204)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

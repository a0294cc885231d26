import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@shared/constants";
import { users } from "@server/db/schema";
import { startTestIssuer, type TestIssuer } from "@server/testing/oidc-issuer";
import { TEST_APP_URL, createTestApp, type TestApp } from "@server/testing/test-app";

/** Just enough of a browser to walk the provider's pages: keeps its cookies, follows nothing by itself. */
class Browser {
  private cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...this.cookies.values()].join("; ") },
    });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      this.cookies.set(pair.split("=")[0]!, pair);
    }
    return response;
  }
}

/** Walks the provider's login for `login`, then calls our callback; answers the callback's response. */
async function signInAt(t: TestApp, issuer: TestIssuer, login: string) {
  const start = await t.app.inject({ method: "GET", url: "/api/login" });
  const authorizeUrl = new URL(start.headers.location!);
  const transactionCookie = String(start.headers["set-cookie"]).split(";")[0]!;
  const browser = new Browser();
  const toInteraction = await browser.fetch(authorizeUrl.href);
  const interactionUrl = new URL(toInteraction.headers.get("location")!, issuer.issuerUrl).href;
  await browser.fetch(interactionUrl);
  const loggedIn = await browser.fetch(interactionUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `prompt=login&login=${encodeURIComponent(login)}&password=anything`,
  });
  const resumed = await browser.fetch(new URL(loggedIn.headers.get("location")!, issuer.issuerUrl).href);
  const callback = new URL(resumed.headers.get("location")!);
  return t.app.inject({
    method: "GET",
    url: callback.pathname + callback.search,
    headers: { cookie: transactionCookie },
  });
}

const sessionOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers["set-cookie"] ?? []]
    .flat()
    .find((cookie) => String(cookie).startsWith(`${SESSION_COOKIE}=`));

describe("OpenID Connect sign-in", () => {
  let issuer: TestIssuer;
  let t: TestApp;

  beforeAll(async () => {
    issuer = await startTestIssuer({
      redirectUri: `${TEST_APP_URL}/api/callback`,
      accounts: {
        grace: {
          email: "grace@navy.example",
          given_name: "Grace",
          family_name: "Hopper",
          picture: "https://img.example/grace.png",
          phone_number: "+15555550100",
        },
        unverified: { email: "boss@corp.example", email_verified: false },
        "other-ada": { email: "ada@corp.example" },
      },
    });
    t = await createTestApp({
      env: {
        OIDC_ISSUER_URL: issuer.issuerUrl,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
        ADMIN_EMAILS: "boss@corp.example",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  it("runs the authorization-code flow with PKCE and state, then upserts the user from the ID token", async () => {
    const start = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(start.headers.location!);
    expect(authorizeUrl.origin).toBe(issuer.issuerUrl);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("state")).toBeTruthy();
    const transactionCookie = String(start.headers["set-cookie"]).split(";")[0]!;

    const browser = new Browser();
    const toInteraction = await browser.fetch(authorizeUrl.href);
    const interactionUrl = new URL(toInteraction.headers.get("location")!, issuer.issuerUrl).href;
    expect((await browser.fetch(interactionUrl)).status).toBe(200);
    const loggedIn = await browser.fetch(interactionUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "prompt=login&login=grace&password=anything",
    });
    const resumed = await browser.fetch(new URL(loggedIn.headers.get("location")!, issuer.issuerUrl).href);
    const callback = new URL(resumed.headers.get("location")!);
    expect(callback.pathname).toBe("/api/callback");

    const finished = await t.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie: transactionCookie },
    });
    expect(finished.statusCode).toBe(302);
    expect(finished.headers.location).toBe("/");
    const session = [finished.headers["set-cookie"] ?? []]
      .flat()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!
      .split(";")[0]!;

    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: session } });
    expect(me.json()).toMatchObject({
      email: "grace@navy.example",
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: "https://img.example/grace.png",
      phoneNumber: "+15555550100",
    });
  });

  it("refuses a callback without the transaction cookie (forged or replayed state)", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/callback?code=abc&state=forged" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("The sign-in attempt expired");
    expect(response.headers["set-cookie"] ?? "").not.toContain(SESSION_COOKIE);
  });

  it("refuses an address the provider has not verified, so nobody becomes an admin by typing one", async () => {
    const response = await signInAt(t, issuer, "unverified");
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("has not verified your e-mail address");
    expect(sessionOf(response)).toBeUndefined();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, "boss@corp.example"));
    expect(row).toBeUndefined();
  });

  it("never hands an account linked to one identity to another identity with the same address", async () => {
    await t.signIn({ email: "ada@corp.example", oidcSubject: "original-ada" });
    const response = await signInAt(t, issuer, "other-ada");
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("already belongs to a Jargon account");
    expect(sessionOf(response)).toBeUndefined();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, "ada@corp.example"));
    expect(row?.oidcSubject).toBe("original-ada");
  });
});

describe("OpenID Connect with a provider trusted for e-mail (OIDC_EMAIL_TRUSTED)", () => {
  it("accepts addresses without email_verified", async () => {
    const issuer = await startTestIssuer({
      redirectUri: `${TEST_APP_URL}/api/callback`,
      accounts: { staff: { email: "staff@corp.example", email_verified: false } },
    });
    const t = await createTestApp({
      env: {
        OIDC_ISSUER_URL: issuer.issuerUrl,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
        OIDC_EMAIL_TRUSTED: "true",
      },
    });
    try {
      const response = await signInAt(t, issuer, "staff");
      expect(response.statusCode).toBe(302);
      expect(sessionOf(response)).toBeDefined();
    } finally {
      await t.close();
      await issuer.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../../shared/constants";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../../testing/test-app";

const testLogin = (t: TestApp, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/test/login", headers: SAME_ORIGIN, payload });

describe("POST /api/test/login under NODE_ENV=test", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "boss@jargon.example" } });
  });
  afterAll(() => t.close());

  it("signs a browser test in without the e-mail round trip", async () => {
    const response = await testLogin(t, { email: "Ada@Example.com", firstName: "ada" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "ada@example.com", isAdmin: false });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);

    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
    });
    expect(me.json()).toMatchObject({ email: "ada@example.com", firstName: "ada", timeZone: null });
  });

  it("rejects an address that is not one", async () => {
    expect((await testLogin(t, { email: "nobody" })).statusCode).toBe(400);
  });
});

describe.each(["development", "production"])("POST /api/test/login under NODE_ENV=%s", (env) => {
  it("does not exist", async () => {
    const t = await createTestApp({
      env: { NODE_ENV: env, SESSION_SECRET: "a-long-enough-production-secret" },
    });
    try {
      expect((await testLogin(t, { email: "ada@example.com" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

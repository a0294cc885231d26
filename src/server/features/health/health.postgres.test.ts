import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { buildApp } from "@server/app";
import { createContext } from "@server/bootstrap";
import { loadConfig } from "@server/config";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { createTestDatabase } from "@server/testing/test-database";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers ok after a real query, naming the database kind", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
    });
  });

  it("carries the security headers, with a CSP that still admits Stripe.js", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("GET /api/health when the database is gone", () => {
  it("answers 503 with a message", async () => {
    const database = await createTestDatabase({ closesForGood: true });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const { ctx } = await createContext(config, pino({ level: "silent" }), { database });
    const app = await buildApp(ctx);
    await database.close();
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: "The database is not answering.",
      code: "DATABASE_UNAVAILABLE",
    });
    await app.close();
  });
});

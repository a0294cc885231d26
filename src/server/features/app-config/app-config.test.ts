import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@server/testing/test-app";

describe("GET /api/app-config", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: "help@jargon.example" } });
  });
  afterAll(() => t.close());

  it("tells anyone, signed in or not, the configured support address", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/app-config" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ supportEmail: "help@jargon.example", signInProvider: null });
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.appUrl).toBe("http://localhost:5000");
    expect(config.database.kind).toBe("pglite");
    expect(config.smtpUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.stripe).toEqual({ test: undefined, live: undefined });
    expect(config.scheduler).toBe(true);
  });

  it("switches to a PostgreSQL server with DATABASE_URL", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@db:5432/jargon" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@db:5432/jargon",
      statementTimeoutMs: 15_000,
    });
    expect(
      loadConfig({ DATABASE_URL: "postgres://u@db:5432/jargon", DATABASE_STATEMENT_TIMEOUT_MS: "2500" })
        .database,
    ).toMatchObject({ statementTimeoutMs: 2500 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it("stops with a message naming the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: "https://id.example" })).toThrow(/must be set together/);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
  });

  it("normalises admin addresses and the app URL", () => {
    const config = loadConfig({ ADMIN_EMAILS: " A@x.com,,b@Y.com ", APP_URL: "https://jargon.example/" });
    expect(config.adminEmails).toEqual(["a@x.com", "b@y.com"]);
    expect(config.appUrl).toBe("https://jargon.example");
  });
});

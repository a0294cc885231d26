import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "Zt4kP9qLm2Xv7Rb1Nc8Hd3Wf6Ys0Ja5Ge",
  SMTP_URL: "smtp://mail.example:587",
  PAYMENTS: "sandbox",
};

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
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  });

  it("listens on this machine only unless HOST says otherwise (0.0.0.0 under production)", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig(production).host).toBe("0.0.0.0");
  });

  it("never signs with a constant: without SESSION_SECRET each process gets a random key", () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.sessionSecretSource).toBe("generated");
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
    expect(Buffer.byteLength(a.sessionSecret)).toBeGreaterThanOrEqual(32);
  });

  it("refuses the embedded defaults under production", () => {
    expect(() => loadConfig(production)).not.toThrow();
    const without = (name: string) =>
      Object.fromEntries(Object.entries(production).filter(([key]) => key !== name));
    expect(() => loadConfig(without("SMTP_URL"))).toThrow(/SMTP_URL is required/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: "short-secret" })).toThrow(/at least 32 bytes/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: "ab".repeat(40) })).toThrow(/random string/);
    expect(() => loadConfig(without("PAYMENTS"))).toThrow(/STRIPE_\* keys are required/);
    const withStripe = {
      ...without("PAYMENTS"),
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    };
    expect(loadConfig(withStripe).stripe.test?.secretKey).toBe("sk_test_1");
  });

  it("texts through Twilio only with a whole set of TWILIO_* keys; else the local outbox, or nothing under production", () => {
    const sid = `AC${"a".repeat(32)}`;
    expect(loadConfig({}).sms).toEqual({ kind: "outbox" });
    expect(loadConfig(production).sms).toEqual({ kind: "off" });
    const twilio = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" };
    expect(loadConfig({ ...production, ...twilio }).sms).toMatchObject({
      kind: "twilio",
      accountSid: sid,
      sender: { from: "+15005550006" },
    });
    const service = `MG${"b".repeat(32)}`;
    expect(loadConfig({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: service }).sms).toMatchObject({
      sender: { messagingServiceSid: service },
    });
    for (const half of [
      { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token" },
      { TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" },
      { TWILIO_FROM: "+15005550006" },
    ]) {
      expect(() => loadConfig({ ...production, ...half })).toThrow(/must be set together/);
      expect(() => loadConfig(half)).toThrow(/must be set together/);
    }
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: "SK123" })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...production, ...twilio, TWILIO_API_BASE: "http://127.0.0.1:9" })).toThrow(
      /TWILIO_API_BASE/,
    );
  });

  it("reads TRUST_PROXY as off, a hop count, or proxy addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1" }).trustProxy).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
    ]);
  });

  it("normalises admin addresses and the app URL", () => {
    const config = loadConfig({ ADMIN_EMAILS: " A@x.com,,b@Y.com ", APP_URL: "https://jargon.example/" });
    expect(config.adminEmails).toEqual(["a@x.com", "b@y.com"]);
    expect(config.appUrl).toBe("https://jargon.example");
  });
});

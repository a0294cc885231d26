import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Repository root, whether we run from src/ (tsx, vitest) or from dist/ (built). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  /** Longest a statement may run on a pooled PostgreSQL connection (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATA_DIR: optionalString,
  SESSION_SECRET: optionalString,
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Jargon <words@jargon.local>"),
  SUPPORT_EMAIL: z.email().default("support@jargon.local"),
  ADMIN_EMAILS: optionalString,
  SCHEDULER: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_LIVE_SECRET_KEY: optionalString,
  STRIPE_LIVE_PUBLISHABLE_KEY: optionalString,
  STRIPE_LIVE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API host (stripe-mock, or the tests' emulator). */
  STRIPE_API_BASE: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  /** Public base URL of the app, without a trailing slash. */
  appUrl: string;
  database:
    { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; statementTimeoutMs: number };
  sessionSecret: string;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  adminEmails: string[];
  scheduler: boolean;
  logLevel: Env["LOG_LEVEL"];
  stripe: {
    test: StripeKeys | undefined;
    live: StripeKeys | undefined;
    apiBase: string | undefined;
  };
}

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;

  const oidcParts = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
    );
  }
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET is required when NODE_ENV=production");
  }

  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS }
      : { kind: "pglite", dataDir: path.resolve(ROOT_DIR, env.DATA_DIR ?? "data") },
    sessionSecret: env.SESSION_SECRET ?? "jargon-embedded-development-secret",
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    scheduler: env.SCHEDULER === "on",
    logLevel: env.LOG_LEVEL,
    stripe: {
      test: stripeKeys(env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET),
      live: stripeKeys(
        env.STRIPE_LIVE_SECRET_KEY,
        env.STRIPE_LIVE_PUBLISHABLE_KEY,
        env.STRIPE_LIVE_WEBHOOK_SECRET,
      ),
      apiBase: env.STRIPE_API_BASE,
    },
  };
}

function stripeKeys(
  secretKey: string | undefined,
  publishableKey: string | undefined,
  webhookSecret: string | undefined,
): StripeKeys | undefined {
  if (!secretKey || !publishableKey) return undefined;
  return { secretKey, publishableKey, webhookSecret };
}

export const isSecureUrl = (url: string) => url.startsWith("https://");

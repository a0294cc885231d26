import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import webpush from "web-push";
import { z } from "zod";
import { DEFAULT_PUSH_SERVICE_HOSTS, type PushTargetPolicy } from "./platform/push/endpoint-guard";
import { DEFAULT_SMS_BUDGETS, DEFAULT_SMS_COUNTRIES, type SmsCostPolicy } from "./platform/sms/cost-controls";

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
  /** Unset: 127.0.0.1 (the embedded default is reachable only from this machine); 0.0.0.0 under production. */
  HOST: optionalString,
  /** Whether X-Forwarded-* headers count: unset or "false" (never), a hop count, or a list of proxy IPs/CIDRs. */
  TRUST_PROXY: optionalString,
  /** Only `sandbox`: allows the built-in sandbox payments under NODE_ENV=production (a demo, on purpose). */
  PAYMENTS: z.enum(["sandbox"]).optional(),
  APP_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  /** Longest a statement may run on a pooled PostgreSQL connection (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATA_DIR: optionalString,
  SESSION_SECRET: optionalString,
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** "true": this provider's e-mail addresses count as verified even without `email_verified` (e.g. a company IdP). */
  OIDC_EMAIL_TRUSTED: z.enum(["true", "false"]).default("false"),
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
  TWILIO_ACCOUNT_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, { error: "must be an account SID (AC followed by 32 hex digits)" })
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  /** The sending number (E.164) or alphanumeric sender ID; or TWILIO_MESSAGING_SERVICE_SID instead. */
  TWILIO_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, {
        error: "must be a Messaging Service SID (MG followed by 32 hex digits)",
      })
      .optional(),
  ),
  /** Another Twilio API host (the tests' emulator); never set in production. */
  TWILIO_API_BASE: optionalUrl,
  /** Web push (VAPID, RFC 8292): both keys or neither; unset, a pair is generated and kept like the session secret. */
  VAPID_PUBLIC_KEY: optionalString.pipe(base64UrlKey("an uncompressed P-256 public key", 65).optional()),
  VAPID_PRIVATE_KEY: optionalString.pipe(base64UrlKey("a P-256 private key", 32).optional()),
  /** Who the push services may contact about our traffic: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
      .optional(),
  ),
  /** The push services' host names a browser's subscription may point at (comma-separated; `*.` for subdomains). */
  PUSH_SERVICE_HOSTS: optionalString.pipe(
    z
      .string()
      .regex(/^(\*\.)?[a-z0-9.-]+(,\s*(\*\.)?[a-z0-9.-]+)*$/i, "must be host names separated by commas")
      .optional(),
  ),
  /** ISO country codes whose mobile numbers we text (comma-separated); default: the UK, Ireland, the EU/EEA, Switzerland. */
  SMS_COUNTRIES: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*$/, "must be two-letter country codes separated by commas")
      .optional(),
  ),
  /** Daily budgets (texts per UTC day): verification codes and word texts, overall and per country. */
  SMS_CODES_PER_DAY: z.coerce.number().int().min(0).default(DEFAULT_SMS_BUDGETS.code.daily),
  SMS_CODES_PER_DAY_PER_COUNTRY: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_SMS_BUDGETS.code.dailyPerCountry),
  SMS_WORDS_PER_DAY: z.coerce.number().int().min(0).default(DEFAULT_SMS_BUDGETS.word.daily),
  SMS_WORDS_PER_DAY_PER_COUNTRY: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_SMS_BUDGETS.word.dailyPerCountry),
  /** The bot's token from @BotFather; unset, Telegram goes to the local outbox (GET /api/dev/telegram), or off in production. */
  TELEGRAM_BOT_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{30,}$/, {
        error: "must be a bot token from @BotFather (digits, a colon, then the key)",
      })
      .optional(),
  ),
  /** The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token (1-256 of A-Z a-z 0-9 _ -); unset, derived from SESSION_SECRET. */
  TELEGRAM_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, { error: "must be 1-256 letters, digits, _ or -" })
      .optional(),
  ),
  /** Another Bot API host (the tests' emulator, or a self-hosted Bot API server). */
  TELEGRAM_API_ROOT: optionalUrl,
  /** Tests only: `loopback` lets the in-process push service on http://127.0.0.1 receive pushes. */
  PUSH_TEST_SERVICE: optionalString.pipe(z.enum(["loopback"]).optional()),
});

/** A key in the URL-safe base64 form web-push and PushManager use, of exactly `bytes` bytes. */
function base64UrlKey(what: string, bytes: number) {
  return z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be ${what} in URL-safe base64 without padding`)
    .refine((value) => Buffer.from(value, "base64url").length === bytes, `must be ${what} (${bytes} bytes)`);
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Public base URL of the app, without a trailing slash. */
  appUrl: string;
  database:
    { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; statementTimeoutMs: number };
  /** Where the embedded defaults keep their files (the PGlite database, generated secrets). */
  dataDir: string;
  /** Signs cookies and e-mail links. From SESSION_SECRET, else generated (see platform/secrets/local-secrets.ts). */
  sessionSecret: string;
  sessionSecretSource: "env" | "generated";
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; emailTrusted: boolean } | undefined;
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
  /**
   * Where text messages go: Twilio when TWILIO_* is set; otherwise the local SMS outbox, except under production,
   * where nothing is sent ("off": phone verification answers 503 and the SMS channel fails permanently).
   */
  sms: TwilioConfig | { kind: "outbox" } | { kind: "off" };
  /** Signs web push requests. From VAPID_* keys, else generated (see platform/secrets/local-secrets.ts). */
  vapid: VapidKeys & { subject: string; source: "env" | "generated" };
  /** Which endpoints a push subscription may name, and a push may be sent to. */
  push: PushTargetPolicy;
  /** Where texts may go and how many a day (platform/sms/cost-controls.ts). */
  smsCosts: SmsCostPolicy;
  /**
   * The Telegram bot: the real one when TELEGRAM_BOT_TOKEN is set; otherwise the local outbox (an in-process Bot API
   * emulator), except under production, where Telegram is off (Connect answers 503, the channel fails permanently).
   */
  telegram: TelegramConfig;
}

export type TelegramConfig =
  | { kind: "bot"; token: string; apiRoot: string | undefined; webhookSecret: string | undefined }
  | { kind: "outbox"; webhookSecret: string | undefined }
  | { kind: "off" };

export interface TwilioConfig {
  kind: "twilio";
  accountSid: string;
  authToken: string;
  sender: { from: string } | { messagingServiceSid: string };
  apiBase: string | undefined;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
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
  const production = env.NODE_ENV === "production";
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npx web-push generate-vapid-keys)",
    );
  }
  if (production) refuseEmbeddedDefaultsInProduction(env);
  if (env.PUSH_TEST_SERVICE && env.NODE_ENV !== "test")
    throw new ConfigError(
      "Invalid configuration:\n  PUSH_TEST_SERVICE is for tests only (NODE_ENV=test); unset it",
    );
  const twilio = twilioConfig(env);

  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR ?? "data");
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    appUrl,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS }
      : { kind: "pglite", dataDir },
    dataDir,
    // Never a constant: without SESSION_SECRET a process starts with a random one, and main.ts/worker.ts swap
    // in the one kept in the data directory so links survive restarts.
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
    sessionSecretSource: env.SESSION_SECRET ? "env" : "generated",
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            emailTrusted: env.OIDC_EMAIL_TRUSTED === "true",
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
    sms: twilio ?? { kind: production ? "off" : "outbox" },
    telegram: env.TELEGRAM_BOT_TOKEN
      ? {
          kind: "bot",
          token: env.TELEGRAM_BOT_TOKEN,
          apiRoot: env.TELEGRAM_API_ROOT,
          webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
        }
      : production
        ? { kind: "off" }
        : { kind: "outbox", webhookSecret: env.TELEGRAM_WEBHOOK_SECRET },
    // Like the session secret: a process without keys starts with a fresh pair, and main.ts/worker.ts swap in
    // the pair kept in the data directory (subscriptions are bound to the public key, so it must survive restarts).
    vapid: {
      ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : webpush.generateVAPIDKeys()),
      subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      source: env.VAPID_PUBLIC_KEY ? "env" : "generated",
    },
    push: {
      allowedHosts: env.PUSH_SERVICE_HOSTS
        ? env.PUSH_SERVICE_HOSTS.split(",").map((host) => host.trim().toLowerCase())
        : [...DEFAULT_PUSH_SERVICE_HOSTS],
      allowLoopbackTestService: env.PUSH_TEST_SERVICE === "loopback",
    },
    smsCosts: {
      countries: env.SMS_COUNTRIES
        ? env.SMS_COUNTRIES.split(",").map((country) => country.trim().toUpperCase())
        : [...DEFAULT_SMS_COUNTRIES],
      budgets: {
        code: { daily: env.SMS_CODES_PER_DAY, dailyPerCountry: env.SMS_CODES_PER_DAY_PER_COUNTRY },
        word: { daily: env.SMS_WORDS_PER_DAY, dailyPerCountry: env.SMS_WORDS_PER_DAY_PER_COUNTRY },
      },
    },
  };
}

/** All of SID, token and a sender, or none: half a Twilio setup would silently text no one. */
function twilioConfig(env: Env): TwilioConfig | undefined {
  const {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: from,
    TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid,
  } = env;
  if (!accountSid && !authToken && !from && !messagingServiceSid) return undefined;
  // A Messaging Service picks the sender itself (and keeps its own opt-out list), so it wins when both are set.
  const sender = messagingServiceSid ? { messagingServiceSid } : from ? { from } : undefined;
  if (!accountSid || !authToken || !sender)
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or " +
        "TWILIO_MESSAGING_SERVICE_SID) must be set together",
    );
  if (env.TWILIO_API_BASE && env.NODE_ENV === "production")
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_API_BASE is for tests only; unset it in production",
    );
  return { kind: "twilio", accountSid, authToken, sender, apiBase: env.TWILIO_API_BASE };
}

/** The bytes a production SESSION_SECRET must have at least (256 bits, the HMAC-SHA-256 key size). */
export const MIN_SESSION_SECRET_BYTES = 32;

/**
 * Under NODE_ENV=production nothing that exists only for the embedded default may stand in for a real part:
 * no local mailbox (anyone on the port could read sign-in links), no weak or generated signing key, and no
 * sandbox payments unless PAYMENTS=sandbox says so on purpose.
 */
function refuseEmbeddedDefaultsInProduction(env: Env): void {
  const problems: string[] = [];
  if (!env.SESSION_SECRET) problems.push("SESSION_SECRET is required when NODE_ENV=production");
  else if (
    Buffer.byteLength(env.SESSION_SECRET) < MIN_SESSION_SECRET_BYTES ||
    isRepetitive(env.SESSION_SECRET)
  )
    problems.push(
      `SESSION_SECRET must be a random string of at least ${MIN_SESSION_SECRET_BYTES} bytes ` +
        "(for example: openssl rand -base64 48)",
    );
  if (!env.SMTP_URL)
    problems.push(
      "SMTP_URL is required when NODE_ENV=production (the local mailbox is for development only)",
    );
  const stripeKeysSet = Boolean(
    (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) ||
    (env.STRIPE_LIVE_SECRET_KEY && env.STRIPE_LIVE_PUBLISHABLE_KEY),
  );
  if (!stripeKeysSet && env.PAYMENTS !== "sandbox")
    problems.push(
      "STRIPE_* keys are required when NODE_ENV=production; set PAYMENTS=sandbox to run the test-mode sandbox on purpose",
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

/** A secret made of one short pattern repeated ("aaaa…", "changeme changeme…") is long but not random. */
const isRepetitive = (secret: string) => new Set(secret).size < 8;

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isIpOrCidr(entry));
  if (entries.length === 0 || invalid.length)
    throw new ConfigError(
      "Invalid configuration:\n  TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy " +
        `IP addresses or CIDR ranges (not: ${invalid.join(", ") || value})`,
    );
  return entries;
}

function isIpOrCidr(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
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

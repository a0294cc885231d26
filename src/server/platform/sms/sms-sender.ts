import twilio from "twilio";
import type { Logger } from "pino";
import type { Config, TwilioConfig } from "@server/config";
import type { Database } from "@server/db/client";
import { smsOutbox } from "@server/db/schema";
import { AppError } from "../errors/app-error";

export interface OutgoingSms {
  /** E.164. */
  to: string;
  body: string;
  /** What the text is for: each purpose has its own daily budgets (cost-controls.ts). */
  purpose: "code" | "word";
}

export interface SmsSender {
  readonly kind: "twilio" | "outbox" | "off";
  /** Hands the text to the provider; throws SmsSendError when it was not accepted (AppError 503 when "off"). */
  send(sms: OutgoingSms): Promise<{ sid: string }>;
}

/**
 * Twilio error codes the app reacts to (https://www.twilio.com/docs/api/errors): the number is not a valid
 * mobile number, or its owner replied STOP to our sender.
 */
export const TWILIO_INVALID_NUMBER = 21211;
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

/** A text the provider did not take. Temporary ones (429, 5xx, network) are worth retrying; the rest are not. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** Twilio's error code, when it gave one. */
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}

/** Logs keep the country code and the last two digits: enough to debug a report, not a list of numbers. */
export function redactPhoneNumber(phoneNumber: string): string {
  return `${phoneNumber.slice(0, 3)}…${phoneNumber.slice(-2)}`;
}

/** Twilio's REST errors carry the HTTP status and Twilio's own code; anything else is the network or the SDK. */
export function toSmsSendError(error: unknown): SmsSendError {
  if (error instanceof SmsSendError) return error;
  if (error instanceof twilio.RestException) {
    const temporary = error.status === 429 || error.status >= 500;
    return new SmsSendError(
      `Twilio ${error.status}${error.code ? ` (${error.code})` : ""}: ${error.message}`,
      !temporary,
      error.code,
    );
  }
  const network = error as { code?: unknown; message?: unknown };
  // Axios (under the SDK) reports refused connections, resets and timeouts with a Node error code.
  if (typeof network.code === "string" && /^(E[A-Z_]+|ERR_NETWORK)$/.test(network.code))
    return new SmsSendError(`Twilio unreachable: ${network.code}`, false);
  return new SmsSendError(String(network.message ?? error), true);
}

/**
 * The official SDK's HTTP client, sending every request to another origin: twilio-node has no base-URL option
 * (only edge/region, which stay on twilio.com), so the tests' emulator is reached by rewriting the URI here.
 */
function rebasedRequestClient(apiBase: string): twilio.RequestClient {
  const base = new URL(apiBase);
  const client = new twilio.RequestClient({ timeout: 10_000 });
  const request = client.request.bind(client);
  client.request = (options) => {
    const uri = new URL(options.uri);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return request({ ...options, uri: uri.href });
  };
  return client;
}

export function createTwilioSender(config: TwilioConfig, log: Logger): SmsSender {
  const client = twilio(config.accountSid, config.authToken, {
    timeout: 10_000,
    ...(config.apiBase ? { httpClient: rebasedRequestClient(config.apiBase) } : {}),
  });
  return {
    kind: "twilio",
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, body, ...config.sender });
        log.info({ to: redactPhoneNumber(to), sid: message.sid }, "sms sent");
        return { sid: message.sid };
      } catch (error) {
        throw toSmsSendError(error);
      }
    },
  };
}

/** The embedded default: texts are stored in `sms_outbox` and listed at /api/dev/sms and /dev/mailbox. */
export function createOutboxSender(db: Database, log: Logger): SmsSender {
  return {
    kind: "outbox",
    async send({ to, body }) {
      const [row] = await db.insert(smsOutbox).values({ to, body }).returning({ id: smsOutbox.id });
      log.info({ to: redactPhoneNumber(to) }, "sms stored in local outbox");
      return { sid: `outbox-${row?.id ?? ""}` };
    },
  };
}

/** Production without Twilio: there is nowhere to send a text, and saying so beats pretending it went. */
export const SMS_UNAVAILABLE_MESSAGE = "Text messages are not available on this server.";
export const offSender: SmsSender = {
  kind: "off",
  send: () => Promise.reject(new AppError(503, SMS_UNAVAILABLE_MESSAGE, "SMS_UNAVAILABLE")),
};

/** The sender the configuration asks for (see Config.sms). */
export function createSmsSender(config: Config, db: Database, log: Logger): SmsSender {
  if (config.sms.kind === "twilio") return createTwilioSender(config.sms, log);
  return config.sms.kind === "outbox" ? createOutboxSender(db, log) : offSender;
}

import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The one Twilio endpoint Jargon calls, over HTTP, so tests run the official `twilio` SDK against it
 * (TWILIO_API_BASE): POST /2010-04-01/Accounts/{AccountSid}/Messages.json with basic auth and a form body.
 * It keeps what it accepted, and can be told to refuse the next sends with Twilio's error JSON.
 */
export interface TwilioEmulator {
  url: string;
  accountSid: string;
  authToken: string;
  /** The environment that points the app at this emulator. */
  env: Record<string, string>;
  /** Messages accepted, oldest first. */
  messages: EmulatedMessage[];
  /** Every request, accepted or not. */
  requests: { method: string; path: string }[];
  /** The next send answers this Twilio error instead (queue: one failure per call). */
  failNext(failure: TwilioFailure): void;
  close(): Promise<void>;
}

export interface EmulatedMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TwilioFailure {
  status: number;
  code: number;
  message: string;
}

/** Twilio's own wording for the failures the tests replay. */
export const TWILIO_FAILURES = {
  invalidNumber: { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
  unsubscribed: {
    status: 400,
    code: 21610,
    message: "Attempt to send to unsubscribed recipient",
  },
  tooManyRequests: { status: 429, code: 20429, message: "Too Many Requests" },
  serverError: { status: 500, code: 20500, message: "Internal Server Error" },
} satisfies Record<string, TwilioFailure>;

export const EMULATOR_FROM = "+15005550006";

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

export async function startTwilioEmulator(): Promise<TwilioEmulator> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const messages: EmulatedMessage[] = [];
  const requests: TwilioEmulator["requests"] = [];
  const failures: TwilioFailure[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const error = (failure: TwilioFailure) => ({
    ...failure,
    more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
  });

  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://emulator").pathname;
    requests.push({ method: request.method ?? "GET", path });
    const body = new URLSearchParams(await readBody(request));
    if (request.headers.authorization !== expectedAuth)
      return send(response, 401, error({ status: 401, code: 20003, message: "Authenticate" }));
    if (request.method !== "POST" || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return send(
        response,
        404,
        error({ status: 404, code: 20404, message: `The requested resource ${path} was not found` }),
      );
    const failure = failures.shift();
    if (failure) return send(response, failure.status, error(failure));
    const to = body.get("To");
    const text = body.get("Body");
    const from = body.get("From");
    const messagingServiceSid = body.get("MessagingServiceSid");
    if (!to || !text || !(from || messagingServiceSid))
      return send(
        response,
        400,
        error({ status: 400, code: 21604, message: "A 'To', 'Body' and 'From' or service are required" }),
      );
    const message: EmulatedMessage = { sid: `SM${hex(16)}`, to, from, messagingServiceSid, body: text };
    messages.push(message);
    const now = new Date().toUTCString();
    send(response, 201, {
      sid: message.sid,
      account_sid: accountSid,
      to,
      from,
      messaging_service_sid: messagingServiceSid,
      body: text,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      api_version: "2010-04-01",
      date_created: now,
      date_updated: now,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: "USD",
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      subresource_uris: {},
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    env: {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: EMULATOR_FROM,
      TWILIO_API_BASE: url,
    },
    messages,
    requests,
    failNext: (failure) => failures.push(failure),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service (RFC 8030) in the test process, for the real `web-push` code to send to: it checks each
 * request's VAPID signature (RFC 8292), decrypts the aes128gcm body with the subscribing "browser's" private key
 * and auth secret (RFC 8291) using node:crypto only, and keeps the plaintext. It can be told to refuse an endpoint
 * with a status, as real push services do for expired (404/410) or throttled (429) subscriptions.
 */
export interface PushService {
  url: string;
  /** A browser-like `PushSubscription.toJSON()` whose endpoint is this service (a fresh P-256 key and auth secret). */
  createSubscription(): BrowserPushSubscription;
  /** Messages accepted, oldest first. */
  messages: ReceivedPush[];
  /** Requests refused (bad signature, undecryptable body, or a status set with `answer`). */
  refusals: { endpoint: string; status: number; reason: string }[];
  /** From now on, answer `status` (no body) to every message for `endpoint`; null goes back to accepting. */
  answer(endpoint: string, status: number | null): void;
  close(): Promise<void>;
}

export interface BrowserPushSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID claims: aud (the push service's origin), exp, sub (the sender's contact). */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key that signed it (URL-safe base64). */
  vapidPublicKey: string;
}

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, Browser>();
  const answers = new Map<string, number>();
  const messages: ReceivedPush[] = [];
  const refusals: PushService["refusals"] = [];
  let url = "";

  const server: Server = createServer((request, response) => {
    void (async () => {
      const endpoint = `${url}${request.url ?? ""}`;
      try {
        const body = await readBody(request);
        if (request.method !== "POST") throw new Refusal(405, "push messages are POSTed");
        const browser = browsers.get(endpoint);
        if (!browser) throw new Refusal(404, "no such subscription");
        const forced = answers.get(endpoint);
        if (forced !== undefined) throw new Refusal(forced, "answer set by the test");
        const { claims, publicKey } = checkVapid(request.headers.authorization, new URL(url).origin);
        if (request.headers["content-encoding"] !== "aes128gcm") {
          throw new Refusal(415, "only aes128gcm is accepted");
        }
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, "TTL header missing");
        messages.push({
          endpoint,
          payload: decryptAes128gcm(body, browser).toString("utf8"),
          ttl,
          urgency: header(request, "urgency"),
          topic: header(request, "topic"),
          claims,
          vapidPublicKey: publicKey,
        });
        response.writeHead(201, { location: `${url}/messages/${randomUUID()}` }).end();
      } catch (error) {
        const status = error instanceof Refusal ? error.status : 400;
        refusals.push({ endpoint, status, reason: (error as Error).message });
        response.writeHead(status).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    messages,
    refusals,
    createSubscription() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const browser = { ecdh, auth: randomBytes(16) };
      const endpoint = `${url}/push/${randomUUID()}`;
      browsers.set(endpoint, browser);
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: browser.auth.toString("base64url") },
      };
    },
    answer(endpoint, status) {
      if (status === null) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const header = (request: IncomingMessage, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the sender's key, names this
 * push service's origin as its audience, expires within 24 hours, and names a contact.
 */
function checkVapid(
  authorization: string | undefined,
  origin: string,
): { claims: ReceivedPush["claims"]; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Refusal(401, "no VAPID authorization");
  const [, token = "", publicKey = ""] = match;
  const [head = "", payload = "", signature = ""] = token.split(".");
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as {
    alg?: string;
    typ?: string;
  };
  if (header.alg !== "ES256") throw new Refusal(401, `JWT alg ${String(header.alg)}, expected ES256`);
  const point = Buffer.from(publicKey, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, "k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Refusal(403, "VAPID signature does not verify with k");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ReceivedPush["claims"];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Refusal(403, `JWT aud ${claims.aud}, expected ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60))
    throw new Refusal(403, "JWT exp out of range");
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Refusal(403, "JWT sub is not a contact URL");
  return { claims, publicKey };
}

/**
 * RFC 8291 §3.4 and RFC 8188: header (salt 16, record size 4, key id length 1, key id = the sender's ephemeral
 * public key), then one record: AES-128-GCM of the plaintext, a 0x02 delimiter and zero padding.
 */
function decryptAes128gcm(body: Buffer, browser: Browser): Buffer {
  if (body.length < 21 + 65 + 17) throw new Refusal(400, "body too short for aes128gcm");
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    browser.ecdh.getPublicKey(),
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, "payload does not decrypt with the subscription's keys");
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Refusal(400, "no last-record delimiter");
  return padded.subarray(0, end);
}

import { createHmac } from "node:crypto";

/**
 * A Message-ID that is the same every time one outgoing message is sent: an outbox that re-sends after a crash
 * (the SMTP server had accepted the message, the process died before recording it) sends the same message, and
 * receiving servers and mail clients drop the twin. Keyed by the session secret so that nobody can compute the
 * ids of other people's messages, and carrying no row id, which would tell how many messages we send.
 */
export function stableMessageId(secret: string, appUrl: string, kind: string, id: string | number): string {
  const hash = createHmac("sha256", secret)
    .update(`message-id\0${kind}\0${id}`)
    .digest("base64url")
    .slice(0, 32);
  return `<${kind}.${hash}@${new URL(appUrl).hostname}>`;
}

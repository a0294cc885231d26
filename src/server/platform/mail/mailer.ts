import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "@server/db/client";
import { mailbox } from "@server/db/schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** A stable Message-ID (see message-id.ts) for messages an outbox may send twice; unset: a random one. */
  messageId?: string;
}

export interface Mailer {
  readonly kind: "smtp" | "mailbox";
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** An SMTP failure the sender can classify: 4xx replies and network errors are worth retrying, 5xx are not. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}

export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl.includes("pool=") ? smtpUrl : withPool(smtpUrl));
  return {
    kind: "smtp",
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
        log.info({ to: redactAddress(mail.to), subject: mail.subject }, "mail sent");
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** The embedded default: messages are stored in the `mailbox` table and readable at /dev/mailbox. */
export function createMailboxMailer(db: Database, from: string, log: Logger): Mailer {
  return {
    kind: "mailbox",
    async send(mail) {
      await db.insert(mailbox).values({
        to: mail.to,
        from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          ...(mail.headers ?? {}),
          ...(mail.replyTo ? { "Reply-To": mail.replyTo } : {}),
          ...(mail.messageId ? { "Message-ID": mail.messageId } : {}),
        },
      });
      log.info({ to: redactAddress(mail.to), subject: mail.subject }, "mail stored in local mailbox");
    },
    async close() {},
  };
}

function withPool(url: string): string {
  return url + (url.includes("?") ? "&" : "?") + "pool=true";
}

function toMailSendError(error: unknown): MailSendError {
  const smtpError = error as { responseCode?: number; message?: string; response?: string };
  const text = smtpError.response ?? smtpError.message ?? String(error);
  const permanent = typeof smtpError.responseCode === "number" && smtpError.responseCode >= 500;
  return new MailSendError(text, permanent);
}

/** Logs keep the domain and the first letter only: enough to debug, not enough to leak a user list. */
export function redactAddress(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

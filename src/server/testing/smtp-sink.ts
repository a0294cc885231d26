import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { createSmtpMailer } from "../platform/mail/mailer";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Makes the next `count` messages fail with this SMTP reply code (4xx temporary, 5xx permanent). */
  failNext(count: number, code: number, message: string): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of the SMTP path. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let failures: { remaining: number; code: number; message: string } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures && failures.remaining > 0) {
          failures.remaining -= 1;
          const error = Object.assign(new Error(failures.message), { responseCode: failures.code });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count, code, message) {
      failures = { remaining: count, code, message };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The real app on a fresh database, sending its e-mail over real SMTP to an in-process sink. */
export async function createSmtpTestApp(
  options: Pick<TestAppOptions, "channels"> = {},
): Promise<{ t: TestApp; sink: SmtpSink; close(): Promise<void> }> {
  const sink = await startSmtpSink();
  const t = await createTestApp({
    ...options,
    mailer: createSmtpMailer(sink.url, "Jargon <words@jargon.test>", pino({ level: "silent" })),
  });
  return {
    t,
    sink,
    close: async () => {
      await t.close();
      await sink.close();
    },
  };
}

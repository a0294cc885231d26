import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "@server/testing/smtp-sink";
import { MailSendError, createSmtpMailer, redactAddress, type Mailer } from "./mailer";

describe("SMTP mailer", () => {
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = createSmtpMailer(sink.url, "Jargon <words@jargon.test>", pino({ level: "silent" }));
  });
  afterAll(async () => {
    await mailer.close();
    await sink.close();
  });

  const mail = {
    to: "reader@example.com",
    subject: "Word of the day: equity",
    html: "<p>equity</p>",
    text: "equity",
    headers: { "List-Unsubscribe": "<https://jargon.test/u>" },
  };

  it("delivers a multipart message with its headers over a real SMTP conversation", async () => {
    await mailer.send(mail);
    const message = sink.received.at(-1)!;
    expect(message.to).toEqual(["reader@example.com"]);
    expect(message.from).toBe("words@jargon.test");
    expect(message.raw).toContain("Subject: Word of the day: equity");
    expect(message.raw).toContain("List-Unsubscribe: <https://jargon.test/u>");
    expect(message.raw).toContain("multipart/alternative");
  });

  it("classifies a 4xx reply as temporary and a 5xx reply as permanent", async () => {
    sink.failNext(1, 451, "Try again later");
    const temporary = await mailer.send(mail).catch((error: unknown) => error);
    expect(temporary).toBeInstanceOf(MailSendError);
    expect((temporary as MailSendError).permanent).toBe(false);

    sink.failNext(1, 550, "Mailbox unavailable");
    const permanent = await mailer.send(mail).catch((error: unknown) => error);
    expect((permanent as MailSendError).permanent).toBe(true);
    expect((permanent as MailSendError).message).toContain("Mailbox unavailable");
  });
});

describe("redactAddress", () => {
  it("keeps only the first letter and the domain", () => {
    expect(redactAddress("reader@example.com")).toBe("r***@example.com");
  });
});

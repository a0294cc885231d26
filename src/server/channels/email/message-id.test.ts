import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions, users } from "@server/db/schema";
import { createMailboxMailer } from "@server/platform/mail/mailer";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { createSmtpTestApp, type SmtpSink } from "@server/testing/smtp-sink";
import { SAME_ORIGIN, type TestApp } from "@server/testing/test-app";
import { queryRows } from "@server/db/raw";
import { deliveryMessageId } from "./channel";
import { retryPolicyOf } from "@server/platform/channels/delivery-channel";
import { runSchedulerOnce } from "@server/features/delivery/service";

const EMAIL_RETRY = retryPolicyOf("email");

/** The Message-ID header of a raw message (folded lines joined). */
function messageIdOf(raw: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const line = head
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .find((header) => /^message-id:/i.test(header));
  return line?.slice(line.indexOf(":") + 1).trim();
}

describe("a delivery e-mail's Message-ID", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let topic: FixtureTopic;
  let closeApp: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sink, close: closeApp } = await createSmtpTestApp());
    topic = await insertTopic(t.ctx, "finance", 10);
  });
  afterAll(() => closeApp());

  async function subscribe(email: string) {
    t.clock.set(new Date("2025-05-01T08:00:00Z"));
    const { user, cookie } = await t.signIn({ email, timeZone: "UTC" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: {
        topicId: topic.id,
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: true,
        inAppEnabled: false,
      },
    });
    expect(created.statusCode).toBe(201);
    return user;
  }

  it("is the same when a crash after the SMTP server accepted it makes the outbox send it again", async () => {
    const user = await subscribe("twin@example.com");
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 1, emailsSent: 1 });
    const first = sink.received.at(-1)!;
    const firstId = messageIdOf(first.raw);
    expect(firstId).toMatch(/^<delivery\.[\w-]{32}@localhost>$/);

    // The state a crash right after the server's "250 OK" leaves behind: the claim (attempt counted, lease taken)
    // was committed, "sent" never was. Once the lease runs out, the outbox sends the e-mail again.
    await t.ctx.db.execute(
      sql`update delivery_sends set status = 'pending', sent_at = null, error = null, provider_message_id = null,
                 next_attempt_at = ${new Date(t.clock.now().getTime() + EMAIL_RETRY.leaseMs)}
          where channel = 'email' and delivery_id in (select id from deliveries where user_id = ${user.id})`,
    );
    t.clock.advance(EMAIL_RETRY.leaseMs);
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 0, emailsSent: 1 });
    const second = sink.received.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.to).toEqual(["twin@example.com"]);
    expect(messageIdOf(second.raw)).toBe(firstId);
  });

  it("differs between deliveries, and cannot be computed without the session secret", async () => {
    await t.ctx.db.update(subscriptions).set({ active: false, nextDeliveryAt: null });
    await subscribe("other@example.com");
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const ids = sink.received.map((mail) => messageIdOf(mail.raw));
    expect(new Set(ids).size).toBe(2);

    const otherInstall = { ...t.ctx.config, sessionSecret: "another-install-s-secret" };
    expect(deliveryMessageId(otherInstall, 1)).not.toBe(deliveryMessageId(t.ctx.config, 1));
    expect(deliveryMessageId(t.ctx.config, 1)).toBe(deliveryMessageId(t.ctx.config, 1));
  });

  it("is kept with the message in the local mailbox", async () => {
    const mailer = createMailboxMailer(t.ctx.db, "Jargon <words@jargon.test>", pino({ level: "silent" }));
    await mailer.send({
      to: "a@example.com",
      subject: "s",
      html: "<p>h</p>",
      text: "h",
      messageId: "<x.y@z>",
    });
    const [row] = await queryRows<{ headers: Record<string, string> }>(
      t.ctx.db,
      sql`select headers from mailbox order by created_at desc limit 1`,
    );
    expect(row?.headers["Message-ID"]).toBe("<x.y@z>");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TEAM_REQUEST_MESSAGES,
  TEAM_REQUEST_RATE_LIMIT_MESSAGE,
  teamRequestAcknowledgement,
} from "@shared/api/teams";
import { DAY_MS, TEAM_REQUESTS_PER_ADDRESS_PER_DAY, TEAM_REQUESTS_PER_IP_PER_HOUR } from "@shared/constants";
import { teamRequests } from "@server/db/schema";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";
import { startSmtpSink, type SmtpSink } from "@server/testing/smtp-sink";
import { SAME_ORIGIN } from "@server/testing/test-app";

const SUPPORT = "help@jargon.test";
const valid = {
  company: "Northwind Legal LLP",
  seats: 25,
  workEmail: "grace@northwind.example",
  message: "Our trainees need legal vocabulary from their first week.",
};

/** POST /api/team-requests on the real app, acknowledged through a real SMTP conversation to a local sink. */
describe("team requests", () => {
  let kit: AdminTestKit;
  let sink: SmtpSink;
  let ip = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    kit = await createAdminTestKit({ env: { SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT } });
    kit.t.clock.set(new Date("2026-06-01T08:00:00Z"));
  }, 180_000);
  afterAll(async () => {
    await kit.t.close();
    await sink.close();
  });

  /** Each call from its own address unless told, so the per-IP limit only counts where a test means it to. */
  const send = (payload: object, options: { cookie?: string; ip?: string } = {}) =>
    kit.t.app.inject({
      method: "POST",
      url: "/api/team-requests",
      remoteAddress: options.ip ?? `10.3.0.${(ip += 1)}`,
      headers: { ...SAME_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
      payload,
    });
  const storedCount = async () => (await kit.t.ctx.db.select().from(teamRequests)).length;
  const unfold = (raw: string) => raw.replace(/=\r\n/g, "");

  it("stores a visitor's request, e-mails the requester, and lists it for admins", async () => {
    const response = await send(valid);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(teamRequestAcknowledgement(valid.workEmail));

    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual([valid.workEmail]);
    expect(mail.raw).toContain(`Reply-To: ${SUPPORT}`);
    expect(mail.raw).toContain("Subject: Your Jargon team request");
    expect(unfold(mail.raw)).toContain("Northwind Legal LLP");

    const listed = await kit.asAdmin("GET", "/api/admin/team-requests");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0]).toMatchObject({
      id: response.json().id,
      ...valid,
      accountEmail: null,
      acknowledgedAt: expect.any(String),
    });
  });

  it("records the account of a signed-in sender, newest first, and keeps a request whose e-mail fails", async () => {
    const { cookie } = await kit.t.signIn({ email: "member@example.com" });
    sink.failNext(1, 550, "Mailbox unavailable");
    const response = await send({ ...valid, company: "Member & Co", message: "" }, { cookie });
    expect(response.statusCode, response.body).toBe(201);
    const [newest] = (await kit.asAdmin("GET", "/api/admin/team-requests")).json();
    expect(newest).toMatchObject({
      company: "Member & Co",
      message: "",
      accountEmail: "member@example.com",
      acknowledgedAt: null,
    });
  });

  it("answers bad input with 400 and the form's message, storing nothing and sending nothing", async () => {
    const before = await storedCount();
    const mailsBefore = sink.received.length;
    const cases: [object, string][] = [
      [{ ...valid, company: "  " }, TEAM_REQUEST_MESSAGES.companyRequired],
      [{ ...valid, company: "x".repeat(121) }, TEAM_REQUEST_MESSAGES.companyTooLong],
      [{ ...valid, seats: 1 }, TEAM_REQUEST_MESSAGES.seats],
      [{ ...valid, seats: 2.5 }, TEAM_REQUEST_MESSAGES.seats],
      [{ ...valid, seats: "25" }, TEAM_REQUEST_MESSAGES.seats],
      [{ ...valid, seats: 10_001 }, TEAM_REQUEST_MESSAGES.seats],
      [{ ...valid, workEmail: "not-an-address" }, TEAM_REQUEST_MESSAGES.workEmail],
      [{ ...valid, workEmail: undefined }, TEAM_REQUEST_MESSAGES.workEmail],
      [{ ...valid, message: "m".repeat(2001) }, TEAM_REQUEST_MESSAGES.messageTooLong],
      [{ ...valid, message: "NUL \u0000 byte" }, "Message"],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(response.json().message).toContain(message);
    }
    expect(await storedCount()).toBe(before);
    expect(sink.received.length).toBe(mailsBefore);
  });

  it(`acknowledges one address at most ${TEAM_REQUESTS_PER_ADDRESS_PER_DAY} times a day, whoever asks`, async () => {
    const target = { ...valid, workEmail: "Someone.Else@example.com" };
    for (let i = 0; i < TEAM_REQUESTS_PER_ADDRESS_PER_DAY; i += 1) {
      expect((await send(target)).statusCode).toBe(201);
    }
    const before = await storedCount();
    const limited = await send({ ...target, workEmail: "someone.else@example.com" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TEAM_REQUEST_RATE_LIMIT_MESSAGE);
    expect(await storedCount()).toBe(before);
    kit.t.clock.advance(DAY_MS);
    expect((await send(target)).statusCode).toBe(201);
  });

  it(`limits each IP address to ${TEAM_REQUESTS_PER_IP_PER_HOUR} requests an hour`, async () => {
    for (let i = 0; i < TEAM_REQUESTS_PER_IP_PER_HOUR; i += 1) {
      const response = await send({ ...valid, workEmail: `buyer-${i}@example.com` }, { ip: "10.9.9.9" });
      expect(response.statusCode).toBe(201);
    }
    const limited = await send({ ...valid, workEmail: "buyer-last@example.com" }, { ip: "10.9.9.9" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TEAM_REQUEST_RATE_LIMIT_MESSAGE);
    expect((await send({ ...valid, workEmail: "buyer-last@example.com" })).statusCode).toBe(201);
  });

  it("shows the requests to admins only", async () => {
    const { cookie } = await kit.t.signIn({ email: "curious@example.com" });
    expect((await kit.call("GET", "/api/admin/team-requests")).statusCode).toBe(401);
    expect((await kit.call("GET", "/api/admin/team-requests", { cookie })).statusCode).toBe(403);
  });
});

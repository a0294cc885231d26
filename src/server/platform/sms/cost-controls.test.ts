import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import {
  SMS_BUDGET_MESSAGE,
  SMS_COUNTRY_MESSAGE,
  SMS_NETWORK_NUMBER_MESSAGE,
  smsBudgetUse,
} from "./cost-controls";

/** Issue 24, SMS pumping: free accounts asking for codes to numbers anywhere, at our cost. */
describe("SMS cost controls", () => {
  let t: TestApp;
  let people = 0;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_CODES_PER_DAY: "5",
        SMS_CODES_PER_DAY_PER_COUNTRY: "3",
        ADMIN_EMAILS: "ops@example.com",
      },
    });
    t.clock.set(new Date("2025-06-03T09:00:00Z"));
  });
  afterAll(() => t.close());

  /** A fresh free account, from its own address (the per-IP and per-account limits are not what is tested). */
  async function askForCode(phoneNumber: string) {
    people += 1;
    const { cookie } = await t.signIn({ email: `pump-${people}@example.com` });
    return t.app.inject({
      method: "POST",
      url: "/api/user/phone",
      remoteAddress: `10.9.${people >> 8}.${people & 255}`,
      headers: { cookie, ...SAME_ORIGIN },
      payload: { phoneNumber },
    });
  }
  const texted = async () => (await t.ctx.db.query.smsOutbox.findMany()).length;

  it("refuses satellite, international-network and high-cost destinations before any text", async () => {
    for (const [number, message] of [
      ["+881612345678", SMS_NETWORK_NUMBER_MESSAGE], // Iridium (satellite)
      ["+882164212345", SMS_NETWORK_NUMBER_MESSAGE], // international networks
      ["+252907123456", SMS_COUNTRY_MESSAGE], // Somalia
      ["+23276123456", SMS_COUNTRY_MESSAGE], // Sierra Leone
      ["+12015550123", SMS_COUNTRY_MESSAGE], // not where the product is sold
    ] as const) {
      const answer = await askForCode(number);
      expect(answer.statusCode, number).toBe(400);
      expect(answer.json<{ message: string }>().message, number).toBe(message);
    }
    expect(await texted()).toBe(0);
  });

  it("sends one code per 30 seconds to a number, whichever account asks", async () => {
    expect((await askForCode("+447400123401")).statusCode).toBe(200);
    const second = await askForCode("+447400123401");
    expect(second.statusCode).toBe(429);
    expect(second.json<{ message: string }>().message).toMatch(/wait 30 seconds/);
    t.clock.advance(30_000);
  });

  it("stops at the per-country and then the overall daily budget, however many accounts ask (a pumping script)", async () => {
    const answers: { number: string; status: number; message?: string }[] = [];
    // 1 GB code already sent above: the script tries 4 more in GB, then 4 in France.
    for (const number of [
      "+447400123402",
      "+447400123403",
      "+447400123404",
      "+447400123405",
      "+33612345671",
      "+33612345672",
      "+33612345673",
      "+33612345674",
    ]) {
      const answer = await askForCode(number);
      answers.push({
        number,
        status: answer.statusCode,
        message: answer.json<{ message?: string }>().message,
      });
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 503, 503, 200, 200, 503, 503]);
    expect(
      answers.filter((answer) => answer.status === 503).every((a) => a.message === SMS_BUDGET_MESSAGE),
    ).toBe(true);
    // 3 to GB (its budget) and 2 to France (the overall budget of 5): nothing more left the building.
    expect(await texted()).toBe(5);

    // The admin's operations tab says so.
    const { cookie } = await t.signIn({ email: "ops@example.com" });
    const operations = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations",
      headers: { cookie },
    });
    expect(operations.statusCode).toBe(200);
    expect(operations.json<{ alerts: string[] }>().alerts).toEqual(
      expect.arrayContaining([
        "Verification codes (all countries): today's budget of 5 texts is used up; 1 more refused",
        "Verification codes (GB): today's budget of 3 texts is used up; 2 more refused",
      ]),
    );
    expect(await smsBudgetUse(t.ctx)).toContainEqual({ purpose: "code", scope: "FR", used: 4, limit: 3 });

    // A new UTC day, a new budget.
    t.clock.set(new Date("2025-06-04T00:00:01Z"));
    expect((await askForCode("+447400123409")).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

/**
 * Issue 13, item 8: the requests of the outside review that answered 500 (ids past PostgreSQL's int range, history
 * dates and cursors with extreme years, a NUL byte in feedback text). Each must be a 400 `{ message, code }`.
 */
const TOO_BIG = 2_147_483_648;

const cursorOf = (createdAt: string, id: number) =>
  Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");

describe("out-of-range input is a 400, not a 500", () => {
  let t: TestApp;
  let admin: string;
  let subscriptionId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "root@example.com" } });
    const topic = await insertTopic(t.ctx, "finance", 3);
    admin = (await t.signIn({ email: "root@example.com" })).cookie;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie: admin, ...SAME_ORIGIN },
      payload: { topicId: topic.id, frequency: "daily", emailEnabled: false, inAppEnabled: true },
    });
    subscriptionId = created.json().id;
  });
  afterAll(() => t.close());

  const word = { word: "ledger", definition: "A book of accounts" };
  const requests: [string, string, string, unknown?][] = [
    [
      "topicId in a new subscription",
      "POST",
      "/api/subscriptions",
      {
        topicId: TOO_BIG,
        frequency: "daily",
        emailEnabled: false,
        inAppEnabled: true,
      },
    ],
    [
      "topicId in a subscription edit",
      "PATCH",
      "/api/subscriptions/{sub}",
      {
        topicId: TOO_BIG,
        frequency: "daily",
        emailEnabled: false,
        inAppEnabled: true,
      },
    ],
    [
      "selectedSubscriptionId",
      "POST",
      "/api/downgrade-with-selection",
      {
        selectedSubscriptionId: TOO_BIG,
        action: "downgrade_to_free",
      },
    ],
    ["topicId of a new word", "POST", "/api/admin/content", { ...word, topicId: TOO_BIG }],
    ["admin content id (edit)", "PUT", `/api/admin/content/${TOO_BIG}`, { ...word, topicId: 1 }],
    ["admin content id (delete)", "DELETE", `/api/admin/content/${TOO_BIG}`],
    ["topicId of a bulk upload", "POST", "/api/admin/content/bulk", { topicId: TOO_BIG, words: [word] }],
    ["topicId query of the word list", "GET", `/api/admin/content?topicId=${TOO_BIG}`],
    [
      "topicId query of the pronunciation check",
      "GET",
      `/api/test/pronunciation/existing?topicId=${TOO_BIG}`,
    ],
    ["history date 9999-12-31", "GET", "/api/history?date=9999-12-31"],
    [
      "history cursor in year +275760",
      "GET",
      `/api/history?cursor=${cursorOf("+275760-09-13T00:00:00.000Z", 1)}`,
    ],
    [
      "history cursor in year -271821",
      "GET",
      `/api/history?cursor=${cursorOf("-271821-04-20T00:00:00.000Z", 1)}`,
    ],
    [
      "NUL byte in feedback text",
      "POST",
      "/api/feedback",
      {
        area: "other",
        subject: "Hello\u0000",
        message: "A message long enough\u0000 to pass the minimum length.",
      },
    ],
  ];

  it.each(requests)("%s", async (_name, method, url, payload) => {
    const response = await t.app.inject({
      method: method as "GET",
      url: url.replace("{sub}", String(subscriptionId)),
      headers: { cookie: admin, ...(method === "GET" ? {} : SAME_ORIGIN) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(typeof body.message).toBe("string");
    expect(typeof body.code).toBe("string");
  });
});

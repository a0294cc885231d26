import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHANNELS_CONFLICT_MESSAGE,
  CHANNEL_LISTED_TWICE_MESSAGE,
  SELECT_DELIVERY_METHOD_MESSAGE,
} from "@shared/api/subscriptions";
import { CHANNEL_NAMES } from "@shared/channels";
import { SMS_NOT_ALLOWED_MESSAGE } from "@shared/rules/plans";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { learnerCalls } from "@server/testing/learner-calls";
import { createTestApp, type TestApp } from "@server/testing/test-app";

describe("a subscription's channels as a list (issue 26, for new clients)", () => {
  let t: TestApp;
  let topics: FixtureTopic[];
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-03-03T10:00:00Z"));
    topics = [await insertTopic(t.ctx, "finance", 3), await insertTopic(t.ctx, "idioms", 3, "idioms")];
  });
  afterAll(() => t.close());

  const { call, asPlan } = learnerCalls(() => t);
  const listed = async (cookie: string) => (await call(cookie, "GET", "/api/subscriptions")).json();
  const daily = (topicId: number, body: object) => ({ topicId, frequency: "daily", ...body });
  /** Every registered channel in the registry's order, on where named. */
  const registeredWith = (...on: string[]) =>
    CHANNEL_NAMES.map((channel) => ({ channel, enabled: on.includes(channel) }));

  it("creates from the list alone, answers every registered channel in the registry's order, and the spec's fields agree", async () => {
    const { cookie } = await asPlan("list@example.com", "free");
    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily(topics[0]!.id, {
        channels: [
          { channel: "push", enabled: true },
          { channel: "email", enabled: true },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    const expected = {
      deliveryMethod: "email",
      emailEnabled: true,
      inAppEnabled: false,
      smsEnabled: false,
      pushEnabled: true,
      channels: registeredWith("email", "push"),
    };
    expect(created.json()).toMatchObject(expected);
    expect((await listed(cookie))[0]).toMatchObject(expected);
  });

  it("lists the channels of a subscription made with the spec's fields, and an edit by list changes only what it names", async () => {
    const { cookie } = await asPlan("fields@example.com", "basic");
    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily(topics[0]!.id, { emailEnabled: true, inAppEnabled: true, smsEnabled: true }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().channels).toEqual(registeredWith("email", "sms", "in_app"));

    const edited = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${created.json().id}`,
      daily(topics[0]!.id, { channels: [{ channel: "email", enabled: false }] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      deliveryMethod: "in_app",
      emailEnabled: false,
      inAppEnabled: true,
      smsEnabled: true,
      pushEnabled: false,
    });
    expect((await listed(cookie))[0].channels).toEqual(edited.json().channels);
  });

  it.each([
    [
      "an unknown channel",
      { channels: [{ channel: "fax", enabled: true }] },
      `channel must be one of ${CHANNEL_NAMES.join(", ")}`,
    ],
    [
      "a channel listed twice",
      {
        channels: [
          { channel: "email", enabled: true },
          { channel: "email", enabled: false },
        ],
      },
      CHANNEL_LISTED_TWICE_MESSAGE,
    ],
    [
      "a switch that is not a boolean",
      { channels: [{ channel: "email", enabled: "yes" }] },
      "enabled must be true or false",
    ],
    [
      "a list that is not a list",
      { channels: { email: true } },
      "channels must be a list of { channel, enabled }",
    ],
    [
      "a list that contradicts a field",
      { emailEnabled: true, inAppEnabled: false, channels: [{ channel: "email", enabled: false }] },
      CHANNELS_CONFLICT_MESSAGE,
    ],
    [
      "every channel off",
      { channels: [{ channel: "email", enabled: false }] },
      SELECT_DELIVERY_METHOD_MESSAGE,
    ],
    ["neither the list nor the spec's switches", {}, "emailEnabled must be true or false"],
  ])("refuses %s with 400 and stores nothing", async (_case, body, message) => {
    const { cookie } = await asPlan(`bad-${Math.random()}@example.com`, "basic");
    const refused = await call(cookie, "POST", "/api/subscriptions", daily(topics[1]!.id, body));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message, code: "VALIDATION_ERROR" });
    expect(await listed(cookie)).toEqual([]);
  });

  it("refuses a paid channel in the list on a free plan with the plan's message, on create and on edit", async () => {
    const { cookie } = await asPlan("free-list@example.com", "free");
    const refused = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily(topics[1]!.id, { channels: [{ channel: "sms", enabled: true }] }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "CHANNEL_NOT_ALLOWED", message: SMS_NOT_ALLOWED_MESSAGE });
    expect(await listed(cookie)).toEqual([]);

    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily(topics[1]!.id, { channels: [{ channel: "in_app", enabled: true }] }),
    );
    expect(created.statusCode).toBe(201);
    const edit = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${created.json().id}`,
      daily(topics[1]!.id, { channels: [{ channel: "sms", enabled: true }] }),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(SMS_NOT_ALLOWED_MESSAGE);
    expect((await listed(cookie))[0].smsEnabled).toBe(false);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNELS, CHANNEL_NAMES, type ChannelDeclaration } from "@shared/channels";
import { sqlValueList } from "@server/db/schema/sql-values";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { learnerCalls } from "@server/testing/learner-calls";
import { createTestApp, type TestApp } from "@server/testing/test-app";

/** A channel registered only here: nothing in src/ names it. */
const FAX: ChannelDeclaration = {
  name: "fax",
  label: "Fax",
  icon: "bell",
  planRule: "paid_plan",
  answers: "none",
  sends: false,
  maxMessageChars: null,
  retry: null,
};
const WITH_FAX = [...CHANNELS, FAX];

/**
 * The table's check is written by a migration from the registry of its day, so a channel added to the registry
 * comes with a migration that re-creates it from the new names. This database gets that check for the test's
 * registry, the way such a migration would write it, and its own back afterwards (the instance is reused).
 */
const setChannelCheck = (t: TestApp, names: readonly string[]) =>
  t.ctx.db.execute(sql`alter table subscription_channels
    drop constraint subscription_channels_channel_check,
    add constraint subscription_channels_channel_check check (channel in (${sqlValueList(names)}))`);

describe("a sixth channel registered only in a test (issue 26)", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  beforeAll(async () => {
    t = await createTestApp({ declaredChannels: WITH_FAX });
    await setChannelCheck(
      t,
      WITH_FAX.map((channel) => channel.name),
    );
    t.clock.set(new Date("2025-03-03T10:00:00Z"));
    topic = await insertTopic(t.ctx, "finance", 3);
  });
  afterAll(async () => {
    await t.ctx.db.execute(sql`delete from subscription_channels where channel = ${FAX.name}`);
    await setChannelCheck(t, CHANNEL_NAMES);
    await t.close();
  });

  const { call, asPlan } = learnerCalls(() => t);
  const daily = (channels: { channel: string; enabled: boolean }[]) => ({
    topicId: topic.id,
    frequency: "daily",
    channels,
  });

  it("is accepted in the channels list, stored, and listed after the registry's own, on and off", async () => {
    const { cookie } = await asPlan("fax@example.com", "basic");
    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily([{ channel: "fax", enabled: true }]),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().channels).toEqual([
      ...CHANNEL_NAMES.map((channel) => ({ channel, enabled: false })),
      { channel: "fax", enabled: true },
    ]);
    const id = created.json().id as number;

    const edited = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${id}`,
      daily([
        { channel: "fax", enabled: false },
        { channel: "email", enabled: true },
      ]),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ emailEnabled: true, deliveryMethod: "email" });
    const [listed] = (await call(cookie, "GET", "/api/subscriptions")).json();
    expect(listed.channels).toContainEqual({ channel: "fax", enabled: false });
    expect(listed.channels).toContainEqual({ channel: "email", enabled: true });
  });

  it("follows its own plan rule, refused on a free plan in its own words", async () => {
    const { cookie } = await asPlan("free-fax@example.com", "free");
    const refused = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily([{ channel: "fax", enabled: true }]),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "CHANNEL_NOT_ALLOWED",
      message: "Fax delivery needs a paid plan or a free trial.",
    });
    expect((await call(cookie, "GET", "/api/subscriptions")).json()).toEqual([]);
  });

  it("is still refused by name when the list names a channel nobody registered", async () => {
    const { cookie } = await asPlan("telex@example.com", "basic");
    const refused = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      daily([{ channel: "telex", enabled: true }]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: `channel must be one of ${[...CHANNEL_NAMES, "fax"].join(", ")}`,
      code: "VALIDATION_ERROR",
    });
  });
});

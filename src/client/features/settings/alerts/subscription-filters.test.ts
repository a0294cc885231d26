import { describe, expect, it } from "vitest";
import type { Subscription } from "@shared/api/subscriptions";
import {
  NO_FILTERS,
  eligibleFor,
  filterSubscriptions,
  isActiveSubscription,
  topicsOf,
} from "./subscription-filters";

const subscription = (id: number, patch: Partial<Subscription>): Subscription => ({
  id,
  topicId: id,
  topic: { name: `t${id}`, displayName: `Topic ${id}`, description: "", category: "vocabulary", icon: "📘" },
  frequency: "daily",
  deliveryMethod: "both",
  emailEnabled: true,
  inAppEnabled: true,
  smsEnabled: false,
  pushEnabled: false,
  channels: [
    { channel: "email", enabled: true },
    { channel: "sms", enabled: false },
    { channel: "push", enabled: false },
    { channel: "in_app", enabled: true },
  ],
  deliveryTime: "09:00",
  level: 2,
  wordsPerSend: 1,
  active: true,
  status: "active",
  nextDelivery: null,
  createdAt: "2025-05-05T08:00:00.000Z",
  ...patch,
});

const list = [
  subscription(1, {}),
  subscription(2, { emailEnabled: false, deliveryMethod: "in_app" }),
  subscription(3, { active: false }),
  subscription(4, { status: "paused", emailEnabled: false }),
];

describe("the Alerts tab's filters", () => {
  it("counts a subscription as active only when switched on and not paused", () => {
    expect(list.map(isActiveSubscription)).toEqual([true, true, false, false]);
  });

  it("filters by status, e-mail and topic, together", () => {
    const ids = (filters: Partial<typeof NO_FILTERS>) =>
      filterSubscriptions(list, { ...NO_FILTERS, ...filters }).map((s) => s.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ status: "active" })).toEqual([1, 2]);
    expect(ids({ status: "inactive" })).toEqual([3, 4]);
    expect(ids({ email: "enabled" })).toEqual([1, 3]);
    expect(ids({ email: "disabled", status: "inactive" })).toEqual([4]);
    expect(ids({ topic: "2" })).toEqual([2]);
  });

  it("offers only active subscriptions whose e-mail would change", () => {
    expect(eligibleFor(list, true).map((s) => s.id)).toEqual([2]);
    expect(eligibleFor(list, false).map((s) => s.id)).toEqual([1]);
  });

  it("lists each subscribed topic once, by name", () => {
    expect(topicsOf([...list, subscription(1, {})])).toHaveLength(4);
  });
});

import { describe, expect, it } from "vitest";
import type { User } from "@shared/api/auth";
import type { Plan } from "@shared/api/billing";
import { PLAN_TABLE } from "@shared/rules/billing";
import { planActionsFor } from "./plan-actions-for";

const plan = (name: Plan["name"]): Plan => {
  const definition = PLAN_TABLE.find((candidate) => candidate.name === name)!;
  return { ...definition, currency: "gbp", interval: "month", prices: [] };
};
const user = (fields: Partial<User>): User =>
  ({ subscriptionPlan: "free", subscriptionStatus: null, trialStatus: null, ...fields }) as User;
const labels = (p: Plan, u: User | null, pendingPlan: Plan["name"] | null = null) =>
  planActionsFor(p, u, "month", { pendingPlan, choose: () => undefined, startTrial: () => undefined }).map(
    (a) => a.label,
  );

describe("plan card buttons (plans-billing §2)", () => {
  it("offers a yearly Pro customer the switch to monthly billing on the Monthly view, and 'Current Plan' on Yearly", () => {
    const yearly = user({ subscriptionPlan: "pro", subscriptionStatus: "active", billingInterval: "year" });
    const on = (interval: "month" | "year") =>
      planActionsFor(plan("pro"), yearly, interval, {
        pendingPlan: null,
        choose: () => undefined,
        startTrial: () => undefined,
      }).map((a) => a.label);
    expect(on("month")).toEqual(["Switch to monthly billing"]);
    expect(on("year")).toEqual(["Current Plan"]);
  });

  it("offers the trial and Buy Now on Premium to a free user who never trialed", () => {
    expect(labels(plan("premium"), user({}))).toEqual(["Start 7-Day Free Trial", "Buy Now"]);
    expect(labels(plan("premium"), user({ trialStatus: "cancelled" }))).toEqual(["Upgrade Now"]);
  });

  it("marks the current plan and offers Get Started on Free", () => {
    expect(labels(plan("free"), user({}))).toEqual(["Current Plan"]);
    expect(labels(plan("basic"), user({ subscriptionPlan: "basic" }))).toEqual(["Current Plan"]);
    expect(labels(plan("free"), user({ subscriptionPlan: "pro" }))).toEqual(["Get Started"]);
  });

  it("shows a trialing user on Premium (trial) with the days left, and Free as a switch", () => {
    const now = new Date("2026-03-01T10:00:00Z");
    const trialing = user({
      trialStatus: "active",
      trialPlan: "premium",
      trialEndDate: "2026-03-06T10:00:00Z",
    });
    const actions = (p: Plan) =>
      planActionsFor(
        p,
        trialing,
        "month",
        { pendingPlan: null, choose: () => undefined, startTrial: () => undefined },
        now,
      );
    expect(actions(plan("premium")).map((a) => [a.label, a.inert])).toEqual([
      ["Current plan · trial, 5 days left", true],
    ]);
    expect(actions(plan("free")).map((a) => a.label)).toEqual(["Switch to Free"]);
    expect(actions(plan("pro")).map((a) => a.label)).toEqual(["Upgrade Now"]);
  });

  it("shows Processing... on the plan whose request runs; visitors see Upgrade Now", () => {
    expect(labels(plan("pro"), user({}), "pro")).toEqual(["Processing..."]);
    expect(labels(plan("premium"), null)).toEqual(["Upgrade Now"]);
  });
});

import { buyPlan, currentUser, runBilling, subscribeToTopics, subscriptionsOf } from "./support/billing";
import { expect, test, toastTitled } from "./support/fixtures";

test("going to Free with three subscriptions asks which one to keep and pauses the others at the period end", async ({
  memberPage: page,
}) => {
  await buyPlan(page, "Basic");
  const made = await subscribeToTopics(page, 3);
  const keep = made[1]!;

  await page.goto("/pricing");
  await page.getByRole("article", { name: "Free" }).getByRole("button", { name: "Get Started" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose Subscription to Keep" });
  await expect(chooser).toContainText("The free plan allows only 1 subscription");
  await expect(chooser.getByRole("radio")).toHaveCount(3);
  const confirm = chooser.getByRole("button", { name: "Confirm Downgrade" });
  await expect(confirm).toBeDisabled();

  await chooser.getByRole("radio", { name: new RegExp(keep.topic.displayName) }).check();
  await expect(chooser.getByRole("heading", { name: "Subscriptions to be paused (2)" })).toBeVisible();
  await confirm.click();
  await expect(toastTitled(page, "Plan Downgraded Successfully")).toContainText(
    `${keep.topic.displayName} keeps running`,
  );
  await expect(chooser).toBeHidden();
  await expect(page.getByRole("region", { name: "Cancellation Scheduled" })).toBeVisible();

  // Asking again says it is already scheduled (8-second toast) rather than opening the chooser twice.
  await page.getByRole("article", { name: "Free" }).getByRole("button", { name: "Get Started" }).click();
  await expect(toastTitled(page, "Downgrade Already Scheduled")).toContainText(
    "2 subscriptions will be paused",
  );

  const user = await currentUser(page);
  await runBilling(page, new Date(new Date(user.subscriptionEndsAt!).getTime() + 60_000));
  const after = await subscriptionsOf(page);
  expect(after.filter((subscription) => subscription.status === "active").map((s) => s.id)).toEqual([
    keep.id,
  ]);
  expect(after.filter((subscription) => subscription.status === "paused")).toHaveLength(2);
  expect((await currentUser(page)).subscriptionPlan).toBe("free");
});

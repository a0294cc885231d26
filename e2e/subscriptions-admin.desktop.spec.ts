import { ADMIN_EMAIL, expect, signIn, test, toastTitled } from "./support/fixtures";
import { deleteByApi, listSubscriptionsByApi, subscribeByApi, topicNamed } from "./support/subscriptions";

// One admin account serves every test: this one works on a topic no other test subscribes it to.
const ADMIN_TOPIC = "gardening";

test("admins send a demo word; the button waits for the answer and is off for an inactive subscription", async ({
  page,
}) => {
  await signIn(page, { email: ADMIN_EMAIL });
  const topic = await topicNamed(page, ADMIN_TOPIC);
  for (const old of await listSubscriptionsByApi(page)) {
    if (old.topicId === topic.id) await deleteByApi(page, old.id);
  }
  await subscribeByApi(page, topic.id);

  // Hold the answer a moment so the waiting state can be seen (the request itself reaches the real server).
  await page.route("**/api/subscriptions/*/demo", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto("/subscriptions");
  const card = page.getByRole("group", { name: "Gardening" });
  const demo = card.getByRole("button", { name: "Send demo: Gardening" });
  await demo.click();
  await expect(demo).toBeDisabled();
  await expect(demo).toHaveText("Sending...");
  const toast = toastTitled(page, "Demo sent!");
  await expect(toast).toContainText("Check your email for a sample word from this subscription");
  await expect(demo).toBeEnabled();

  const history = await (await page.request.get("/api/history")).json();
  expect(history).toEqual(
    expect.arrayContaining([expect.objectContaining({ source: "demo", status: "sent" })]),
  );

  await card.getByRole("switch", { name: "Active: Gardening" }).click();
  await expect(demo).toBeDisabled();

  const own = (await listSubscriptionsByApi(page)).find((item) => item.topicId === topic.id);
  if (own) await deleteByApi(page, own.id);
});

test("members see no demo button", async ({ page }) => {
  await signIn(page);
  await subscribeByApi(page, (await topicNamed(page, ADMIN_TOPIC)).id);
  await page.goto("/subscriptions");
  const card = page.getByRole("group", { name: "Gardening" });
  await expect(card.getByRole("button", { name: "Edit Gardening" })).toBeVisible();
  await expect(card.getByRole("button", { name: /Send demo/ })).toHaveCount(0);
});

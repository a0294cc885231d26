import { ADMIN_EMAIL, callApi, expect, signIn, test } from "./support/fixtures";
import { subscribeInAppByApi } from "./support/subscriptions";

/*
 * Issue 22: a subscription whose topic has no new word left says so, on the Subscriptions page and the dashboard,
 * and offers related topics, instead of going quiet. A topic the admin has just created has no words at all, so it
 * has none left for its first subscriber; nothing is written to the database by hand.
 */

test(
  "a topic with no new word left says so and offers related topics",
  { tag: "@desktop" },
  async ({ page }) => {
    await signIn(page, { email: ADMIN_EMAIL });
    const name = `empty_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const topic = (await callApi(page, "POST", "/api/admin/topics", {
      name,
      displayName: `Empty ${name.split("_").slice(-2).join("")}`,
      icon: "🧪",
    })) as { id: number; displayName: string };
    await signIn(page);
    await subscribeInAppByApi(page, topic.id);

    await page.goto("/subscriptions");
    const card = page.getByRole("group", { name: topic.displayName });
    await expect(card.getByTestId("topic-exhausted")).toHaveText(
      `You have every word of ${topic.displayName}: reviews go on, new words have run out. Find a related topic`,
    );

    await page.goto("/");
    const onDashboard = page
      .getByRole("region", { name: "Your Subscriptions" })
      .getByTestId("topic-exhausted");
    await expect(onDashboard).toContainText("new words have run out");
    await onDashboard.getByRole("link", { name: "Find a related topic" }).click();
    await expect(page).toHaveURL(/\/discover\?tab=Learning$/);
    await expect(page.getByRole("tab", { name: "Learning" })).toHaveAttribute("aria-selected", "true");
  },
);

import { expect, test } from "./support/fixtures";

// What a default install shows to the outside: the built bundles, and nothing that publishes their source.
test("the client's bundles reference no source map and the server serves none", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.push(response.url());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const script = await request.get(url);
    expect(await script.text()).not.toContain("sourceMappingURL");
    const map = await request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(404);
  }
});

import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test } from "./support/fixtures";

// Issue 15: a phone number in Settings → Profile, proved by a code texted to the local SMS outbox (no Twilio here).

/** A French mobile number of its own, so parallel runs never read each other's codes. */
const freshNumber = () => `+33 6 1${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const e164 = (typed: string) => typed.replaceAll(" ", "");

/** The code in the newest text the local outbox holds for this number (read as a developer would). */
async function codeTextedTo(page: Page, number: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const texts = (await (await page.request.get("/api/dev/sms")).json()) as { to: string; body: string }[];
      code = /code is (\d{6})\./.exec(texts.find((text) => text.to === number)?.body ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test.describe("SMS: verifying a phone number", () => {
  test("a learner enters a number, reads the texted code, verifies it, and sees it verified", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, { firstName: "Grace" });
    await page.goto("/settings");
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");

    const typed = freshNumber();
    const number = e164(typed);
    await page.getByLabel("Phone Number").fill(typed);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `We texted a 6-digit code to ${number}.` }),
    ).toBeVisible();
    const codeField = page.getByLabel("Verification code");
    await expect(codeField).toBeFocused();

    const code = await codeTextedTo(page, number);
    // The same text is on the local mailbox page, beside the e-mails.
    const mailbox = await page.request.get("/dev/mailbox");
    expect(await mailbox.text()).toContain(`Your Jargon code is ${code}.`);

    // A wrong code is refused with a clear message under the field.
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "That code is not right. 4 tries left." }),
    ).toBeVisible();
    await expect(codeField).toHaveAttribute("aria-invalid", "true");

    await codeField.fill(code);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByTestId("phone-verified")).toHaveText("Verified");
    await expect(page.getByRole("status").filter({ hasText: `${number} is verified.` })).toBeVisible();
    await expect(page.getByLabel("Phone Number")).toHaveValue(number);
    await expect(page.getByLabel("Phone Number")).toHaveAttribute("readonly", "");
    await expect(page.getByRole("button", { name: "Change" })).toBeFocused();
    expect(
      ((await (await page.request.get("/api/preferences")).json()) as { phoneVerified: boolean })
        .phoneVerified,
    ).toBe(true);
    await expectAccessible(page);

    // After a reload the state comes from the server.
    await page.reload();
    await expect(page.getByTestId("phone-verified")).toBeVisible();

    await page.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Phone number removed." })).toBeVisible();
    await expect(page.getByLabel("Phone Number")).toHaveValue("");
    await expect(page.getByLabel("Phone Number")).toBeFocused();
  });

  test("a number without its country code is explained, in dark mode too", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await signIn(page);
    await page.goto("/settings");
    await page.getByLabel("Phone Number").fill("12");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: /valid mobile number|country code/ }),
    ).toBeVisible();
    await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  });
});

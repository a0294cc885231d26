import type { Browser, Page } from "@playwright/test";
import { MIDDAY_ZONE, middayClock, runDeliveries, topicByName, useTimeZone } from "./support/deliveries";
import { ADMIN_EMAIL, APP_ORIGIN, callApi, expect, expectAccessible, signIn, test } from "./support/fixtures";

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

const headers = { origin: APP_ORIGIN };

/**
 * A learner on Basic (SMS is a paid channel: the admin moves them, a real admin call in the admin's own browser)
 * with a verified number, proved by the code texted to the local outbox. Returns the number (E.164).
 */
async function paidLearnerWithVerifiedNumber(page: Page, browser: Browser): Promise<string> {
  const learner = await signIn(page);
  const adminContext = await browser.newContext({ baseURL: APP_ORIGIN });
  const admin = await adminContext.newPage();
  await signIn(admin, { email: ADMIN_EMAIL });
  const planned = await admin.request.put(`/api/admin/users/${learner.id}`, {
    headers,
    data: { subscriptionPlan: "basic" },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  await adminContext.close();

  const number = e164(freshNumber());
  expect(
    (await page.request.post("/api/user/phone", { headers, data: { phoneNumber: number } })).status(),
  ).toBe(200);
  const code = await codeTextedTo(page, number);
  expect((await page.request.post("/api/user/phone/verify", { headers, data: { code } })).status()).toBe(200);
  return number;
}

/** A daily subscription by text and in the app, due in two minutes. */
async function subscribeBySms(page: Page, topicId: number): Promise<void> {
  const created = await page.request.post("/api/subscriptions", {
    headers,
    data: {
      topicId,
      frequency: "daily",
      deliveryMethod: "in_app",
      emailEnabled: false,
      inAppEnabled: true,
      smsEnabled: true,
      deliveryTime: middayClock(2),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** The newest text the local outbox holds for `number` that mentions `word`. */
async function textAbout(page: Page, number: string, word: string): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const texts = (await (await page.request.get("/api/dev/sms")).json()) as { to: string; body: string }[];
      body = texts.filter((text) => text.to === number && text.body.includes(word)).at(-1)?.body ?? "";
      return body;
    })
    .toContain("/api/open?token=");
  return body;
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

test.describe("SMS: words by text", () => {
  test.use({ timezoneId: MIDDAY_ZONE });

  test("a paid learner with a verified number gets the word by text, History says so, and a reply 1 answers it", async ({
    page,
    browser,
  }) => {
    test.slow();
    const number = await paidLearnerWithVerifiedNumber(page, browser);
    await useTimeZone(page);
    const topic = await topicByName(page, "finance");
    await subscribeBySms(page, topic.id);

    await page.goto("/subscriptions");
    await expect(page.getByText("SMS", { exact: true }).first()).toBeVisible();

    expect(await runDeliveries(page)).toBe(1);
    const word = (
      (await (await page.request.get("/api/activity/recent")).json()) as { content: { word: string } }[]
    )[0]!.content.word;
    await textAbout(page, number, word);

    await page.goto("/history");
    await expect(page.getByText("SMS & In-app").first()).toBeVisible();
    await expectAccessible(page);

    // The learner replies "1" (Knew it) to the text. Without Twilio the inbound webhook answers this machine only,
    // as a developer simulates a reply; its TwiML is the text Twilio would send back.
    const answered = await page.request.post("/api/sms/inbound", { form: { From: number, Body: " 1." } });
    expect(answered.status()).toBe(200);
    const shown = word.charAt(0).toUpperCase() + word.slice(1);
    expect(await answered.text()).toMatch(
      new RegExp(
        `<Message>Got it: ${shown} comes back (tomorrow|in \\d+ days|tomorrow, with your next words|with your next words, in \\d+ days)\\.</Message>`,
      ),
    );
    // The app shows the answer on that word.
    await page.goto("/");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    const item = page
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("listitem")
      .filter({ hasText: word });
    // "1" on a new word is "I knew this already": Easy (issue 22), which the bell names as the button was named.
    await expect(item).toContainText("Knew it");
    await expect(item.getByRole("button", { name: "Knew it" })).toHaveCount(0);
    // A second reply answers nothing new: still one grade, on that delivery.
    await page.request.post("/api/sms/inbound", { form: { From: number, Body: "2" } });
    const [recent] = (await (await page.request.get("/api/activity/recent")).json()) as {
      grade: number | null;
    }[];
    expect(recent?.grade).toBe(4);
  });

  test(
    "a review texted alone asks before telling, and a reply 1 answers that review",
    { tag: "@desktop" }, // texts and replies only: nothing a phone's width could change
    async ({ page, browser }) => {
      test.slow();
      // An admin's topic with one word: the second send has no new word, so the text is the review question alone
      // (beside a new word, a full-length link leaves the question no room in one segment; it then waits in the app).
      await signIn(page, { email: ADMIN_EMAIL });
      const name = `one_word_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
      const topic = (await callApi(page, "POST", "/api/admin/topics", {
        name,
        displayName: `One word ${name.split("_").slice(-2).join("")}`,
        icon: "🧪",
      })) as { id: number };
      const word = "Estoppel";
      // Short enough to fit one segment beside the link, so the whole definition is in the first text.
      const definition = "A bar on denial.";
      await callApi(page, "POST", "/api/admin/content/bulk", {
        topicId: topic.id,
        words: { word, definition },
      });

      const number = await paidLearnerWithVerifiedNumber(page, browser);
      await useTimeZone(page);
      await subscribeBySms(page, topic.id);
      // The first send introduces the word (with its definition); the learner does not answer.
      expect(await runDeliveries(page)).toBe(1);
      expect(await textAbout(page, number, word)).toContain(definition);
      // The next send: the unanswered word rolls over as a review, texted as a question, without its definition.
      expect(await runDeliveries(page)).toBe(1);
      const question = await textAbout(page, number, `Remember "${word}"?`);
      expect(question).toContain("Reply 1 yes, 2 no");
      expect(question).not.toContain(definition);

      const answered = await page.request.post("/api/sms/inbound", { form: { From: number, Body: "1" } });
      expect(answered.status()).toBe(200);
      expect(await answered.text()).toMatch(
        new RegExp(`<Message>Got it: ${word} comes back (tomorrow|in \\d+ days)[^<]*\\.</Message>`),
      );
      // The answer is the review's: the newest delivery of the word holds the grade, the introduction none.
      const recent = (await (await page.request.get("/api/activity/recent")).json()) as {
        kind: string;
        grade: number | null;
        content: { word: string };
      }[];
      const ofWord = recent.filter((item) => item.content.word === word);
      expect(ofWord.map((item) => [item.kind, item.grade])).toEqual([
        ["review", 3],
        ["new", null],
      ]);
    },
  );
});

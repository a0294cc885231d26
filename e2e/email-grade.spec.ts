import {
  middayClock,
  MIDDAY_ZONE,
  recentWords,
  runDeliveries,
  topicByName,
  useTimeZone,
} from "./support/deliveries";
import { APP_ORIGIN, expect, expectAccessible, signIn, test } from "./support/fixtures";
import { progressOf } from "./support/learning";

test.use({ timezoneId: MIDDAY_ZONE });

/*
 * Issue 16: "did you know this?" answered where the word arrives. The word e-mail's "Knew it" link opens a page (a
 * mail scanner's GET records nothing) with the answer chosen, and its button records it by POST. Issue 22: "Knew it"
 * on a new word (its definition was in the e-mail) is Easy, and the page after the answer shows the word's meaning.
 */
for (const colorScheme of ["light", "dark"] as const) {
  test(`a word is graded from its e-mail in the local mailbox, through the page and its POST (${colorScheme})`, async ({
    page,
  }) => {
    test.slow(); // a delivery through the engine, the mailbox and two server pages
    await page.emulateMedia({ colorScheme });
    const user = await signIn(page);
    await useTimeZone(page);
    const topic = await topicByName(page);
    const created = await page.request.post("/api/subscriptions", {
      headers: { origin: APP_ORIGIN },
      data: {
        topicId: topic.id,
        frequency: "daily",
        deliveryTime: middayClock(1),
        emailEnabled: true,
        inAppEnabled: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect(await runDeliveries(page)).toBe(1);

    const mailbox = (await (await page.request.get("/api/dev/mailbox")).json()) as {
      to: string;
      html: string;
    }[];
    const mail = mailbox.find((message) => message.to === user.email);
    expect(mail, "the word e-mail reached the local mailbox").toBeTruthy();
    await page.setContent(mail!.html);
    const knewIt = await page.getByRole("link", { name: "Knew it" }).getAttribute("href");
    expect(knewIt).toMatch(/\/api\/grade\?token=/);

    // The GET shows the choice and records nothing.
    await page.goto(knewIt!);
    await expect(page.getByRole("heading", { level: 1, name: /^Did you know “.+”\?$/ })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Knew it" })).toBeChecked();
    await expectAccessible(page);
    expect((await recentWords(page))[0]?.grade).toBeNull();

    // The button records it (Easy: 4), shows the word's meaning, says when the word comes back, and points on into
    // the app (nothing else is due on a first day).
    await page.getByRole("button", { name: "Save my answer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Answer saved" })).toBeVisible();
    const [word] = await recentWords(page);
    await expect(page.getByText(word!.content.definition)).toBeVisible();
    await expect(page.getByText(/comes back (tomorrow|in \d+ days)\./)).toBeVisible();
    await expect(page.getByText("Nothing else is due today.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open Jargon" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
    expect(word?.grade).toBe(4);
    expect((await progressOf(page)).streak).toBe(1);

    // The link used again (a second click, or the other answer) keeps the one grade.
    await page.goto(knewIt!);
    await page.getByRole("radio", { name: "Didn't know" }).check();
    await page.getByRole("button", { name: "Save my answer" }).click();
    await expect(page.getByText(/comes back/)).toBeVisible();
    expect((await recentWords(page))[0]?.grade).toBe(4);
  });
}

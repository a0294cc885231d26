import {
  MIDDAY_ZONE,
  recentWords,
  runDeliveries,
  subscribeByEmailAtMidday,
  useTimeZone,
} from "./support/deliveries";
import { expect, expectAccessible, signIn, test } from "./support/fixtures";
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
    await subscribeByEmailAtMidday(page);
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
    await expect(
      page.getByText(
        /comes back (tomorrow|in \d+ days|tomorrow, with your next words|with your next words, in \d+ days)\./,
      ),
    ).toBeVisible();
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

/*
 * Issue 22: a word introduced and never answered rides along in the next send's one e-mail as a Quick review, asked
 * before told: the word with "I remember" / "I forgot" and no definition; the answer page shows the meaning after.
 */
test("a review in the next day's e-mail is answered before its definition shows, which the page then shows", async ({
  page,
}) => {
  test.slow(); // two deliveries through the engine and the mailbox, and two server pages
  const user = await signIn(page);
  await useTimeZone(page);
  await subscribeByEmailAtMidday(page);
  // Today's word, left unanswered; then the next day's send: its new word, and today's riding along as a review.
  expect(await runDeliveries(page)).toBe(1);
  const [reviewed] = await recentWords(page);
  if (!reviewed) throw new Error("no delivered word");
  expect(await runDeliveries(page)).toBe(2);

  const mails = (
    (await (await page.request.get("/api/dev/mailbox")).json()) as {
      to: string;
      subject: string;
      html: string;
    }[]
  ).filter((message) => message.to === user.email);
  const second = mails.find((message) => message.html.includes("Quick review"));
  expect(mails, "one e-mail a send").toHaveLength(2);
  expect(second, "the second e-mail carries the Quick review").toBeTruthy();
  expect(second!.subject).toMatch(/ · your Finance word \(\+ 1 word to review\)$/);
  // The review word is there; its definition is not, anywhere in the e-mail.
  expect(second!.html).not.toContain(reviewed.content.definition);
  await page.setContent(second!.html);
  await expect(page.getByRole("heading", { name: "Quick review" })).toBeVisible();
  await expect(page.getByText(reviewed.content.word, { exact: false }).first()).toBeVisible();
  const remember = await page.getByRole("link", { name: "I remember" }).getAttribute("href");
  await expect(page.getByRole("link", { name: "I forgot" })).toHaveCount(1);
  expect(remember).toMatch(/\/api\/grade\?token=/);

  // The link's page asks, "I remember" chosen, still without the meaning; the button records it.
  await page.goto(remember!);
  await expect(
    page.getByRole("heading", { level: 1, name: `Do you remember “${reviewed.content.word}”?` }),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: "I remember" })).toBeChecked();
  await expect(page.getByText(reviewed.content.definition)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save my answer" }).click();

  // Then the definition shows, with when the word comes back; "I remember" is Good (3).
  await expect(page.getByRole("heading", { level: 1, name: "Answer saved" })).toBeVisible();
  await expect(page.getByText(reviewed.content.definition)).toBeVisible();
  await expect(
    page.getByText(
      /comes back (tomorrow|in \d+ days|tomorrow, with your next words|with your next words, in \d+ days)\./,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  const answered = (await recentWords(page)).find(
    (item) => item.kind === "review" && item.content.word === reviewed.content.word,
  );
  expect(answered?.grade).toBe(3);
});

import { createRequire } from "node:module";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE_CONFIRMATION_MESSAGE, EXPORT_FILES } from "@shared/api/account";
import { SANDBOX_TEST_CARDS } from "@shared/constants";
import { billingAccounts, deliveries, users } from "@server/db/schema";
import { queryRows } from "@server/db/raw";
import { insertTopic, postponeCardsOf } from "@server/testing/content-fixtures";
import { parseCsv } from "@server/testing/parse-csv";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { payments } from "../billing/service";
import { runSchedulerOnce } from "../delivery/service";

const require = createRequire(import.meta.url);

/** How many cards and grades an exported .apkg holds (its SQLite collection, read with sql.js). */
async function ankiCounts(apkg: Uint8Array) {
  const collection = unzipSync(apkg)["collection.anki2"]!;
  const SQL = await initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  const db = new SQL.Database(collection);
  try {
    const count = (table: string) => db.exec(`select count(*) from ${table}`)[0]!.values[0]![0];
    return { cards: count("cards"), revlog: count("revlog") };
  } finally {
    db.close();
  }
}

describe("download my data and delete my account", () => {
  let t: TestApp;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
    topicId = (await insertTopic(t.ctx, "finance", 6)).id;
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string | undefined, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...(cookie ? { cookie } : {}), ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  /** A learner with a daily subscription, `hours` days of real deliveries and the first `favorites` of them saved. */
  async function learnerWithHistory(email: string, hours: number, favoriteCount: number) {
    const { user, cookie } = await t.signIn({ email, firstName: "Ada", lastName: "Lovelace" });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
    const created = await post("/api/subscriptions", cookie, {
      topicId,
      frequency: "daily",
      deliveryTime: "09:00",
      emailEnabled: false,
      inAppEnabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Each word is not due again for weeks (as if answered at once), so every day brings a new word.
    for (let hour = 0; hour < hours; hour += 1) {
      t.clock.set(new Date(Date.UTC(2025, 4, 5 + hour, 9)));
      await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
      await postponeCardsOf(t.ctx, user.id);
    }
    const delivered = await t.ctx.db.select().from(deliveries).where(eq(deliveries.userId, user.id));
    expect(delivered).toHaveLength(hours);
    for (const delivery of delivered.slice(0, favoriteCount)) {
      expect((await post("/api/favorites", cookie, { contentId: delivery.wordId })).statusCode).toBeLessThan(
        300,
      );
    }
    return { user, cookie };
  }

  it("exports a ZIP whose JSON, CSV and Anki files hold exactly the user's data", async () => {
    const { user, cookie } = await learnerWithHistory("export@example.com", 4, 2);
    await learnerWithHistory("someone-else@example.com", 1, 1);
    await post("/api/feedback", cookie, {
      area: "history",
      subject: "Lovely",
      message: "The history page is great.",
    });
    // Team requests: one sent before signing in from the account's address, one signed in, one by someone else.
    const teamRequest = (company: string, workEmail: string) => ({
      company,
      seats: 12,
      workEmail,
      message: "We would like Jargon for our analysts.",
    });
    for (const [cookieOf, company, workEmail] of [
      [undefined, "Before Sign-in Ltd", "EXPORT@example.com"],
      [cookie, "Signed In plc", "ada@work.example.com"],
      [undefined, "Not Hers Inc", "someone-else@example.com"],
    ] as const) {
      const sent = await post("/api/team-requests", cookieOf, teamRequest(company, workEmail));
      expect(sent.statusCode, sent.body).toBeLessThan(300);
    }
    // One grade, in the app: the review log and the Anki package carry it.
    const [card] = await queryRows<{ id: number; word: string }>(
      t.ctx.db,
      sql`select c.id, w.word from cards c join words w on w.id = c.word_id
          where c.user_id = ${user.id} order by c.id limit 1`,
    );
    expect((await post(`/api/review/${card!.id}/grade`, cookie, { rating: 1 })).statusCode).toBe(200);

    const response = await get("/api/user/export", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="jargon-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(Object.values(EXPORT_FILES).sort());
    const read = (name: string) => strFromU8(files[name]!);

    const profile = JSON.parse(read(EXPORT_FILES.profile));
    expect(profile.profile).toMatchObject({
      id: user.id,
      email: "export@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(profile.preferences).toMatchObject({ emailNotifications: true });
    const subscriptionList = JSON.parse(read(EXPORT_FILES.subscriptions));
    expect(subscriptionList).toHaveLength(1);
    expect(subscriptionList[0]).toMatchObject({ frequency: "daily", topic: { name: "finance" } });
    const favorites = JSON.parse(read(EXPORT_FILES.favorites));
    const history = JSON.parse(read(EXPORT_FILES.history));
    expect(favorites).toHaveLength(2);
    expect(history).toHaveLength(4);
    expect(JSON.parse(read(EXPORT_FILES.feedback))).toMatchObject([{ subject: "Lovely" }]);
    const sentTeamRequests = JSON.parse(read(EXPORT_FILES.teamRequests));
    expect(sentTeamRequests.map((request: { company: string }) => request.company)).toEqual([
      "Signed In plc",
      "Before Sign-in Ltd",
    ]);
    expect(sentTeamRequests[0]).toMatchObject({ seats: 12, workEmail: "ada@work.example.com" });

    const favoritesCsv = parseCsv(read(EXPORT_FILES.favoritesCsv));
    expect(favoritesCsv[0]).toEqual(["word", "pronunciation", "definition", "example", "topic", "saved_at"]);
    expect(favoritesCsv).toHaveLength(1 + 2);
    expect(
      favoritesCsv
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(favorites.map((f: { content: { word: string } }) => f.content.word).sort());
    const historyCsv = parseCsv(read(EXPORT_FILES.historyCsv));
    expect(historyCsv).toHaveLength(1 + 4);
    expect(historyCsv[0]![0]).toBe("delivered_at");

    expect(parseCsv(read(EXPORT_FILES.reviewLog))).toEqual([
      ["card_id", "word", "grade", "state_before", "state_after", "elapsed_days", "reviewed_at", "channel"],
      [
        String(card!.id),
        card!.word,
        // The first rating of a word introduced and never answered (issue 22): from new, with no minute steps.
        "again",
        "new",
        "review",
        "0",
        t.clock.now().toISOString(),
        "web",
      ],
    ]);
    // Every word met (4 cards), with every grade (the one above; the introductions are not grades).
    expect(await ankiCounts(files[EXPORT_FILES.ankiPackage]!)).toEqual({ cards: 4, revlog: 1 });
    expect(read(EXPORT_FILES.readme)).toContain(`${EXPORT_FILES.ankiPackage}         every word you met`);

    const anki = read(EXPORT_FILES.anki).trimEnd().split("\n");
    expect(anki.slice(0, 4)).toEqual([
      "#separator:tab",
      "#html:true",
      "#tags column:3",
      "#columns:Front\tBack\tTags",
    ]);
    const notes = anki.slice(4).map((line) => line.split("\t"));
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      expect(note).toHaveLength(3);
      expect(note[2]).toBe("jargon Finance");
    }
  });

  it("needs a session to export, and one user's export never holds another's words", async () => {
    expect((await get("/api/user/export")).statusCode).toBe(401);
    const { cookie } = await t.signIn({ email: "empty-export@example.com" });
    const files = unzipSync(new Uint8Array((await get("/api/user/export", cookie)).rawPayload));
    expect(JSON.parse(strFromU8(files[EXPORT_FILES.history]!))).toEqual([]);
    expect(parseCsv(strFromU8(files[EXPORT_FILES.favoritesCsv]!))).toHaveLength(1);
  });

  it("refuses to delete without the typed confirmation (400 with a message) or a session (401)", async () => {
    const { cookie } = await t.signIn({ email: "careful@example.com" });
    for (const payload of [{}, { confirmation: "delete me" }, { confirmation: 1 }]) {
      const response = await post("/api/user/delete-account", cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(DELETE_CONFIRMATION_MESSAGE);
    }
    expect((await post("/api/user/delete-account", undefined, { confirmation: "DELETE" })).statusCode).toBe(
      401,
    );
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
  });

  /** Every table with a user_id column, plus the tables keyed by e-mail: how many rows still name this user. */
  async function rowsLeft(userId: string, email: string): Promise<Record<string, number>> {
    const tables = await queryRows<{ table_name: string }>(
      t.ctx.db,
      sql`select table_name from information_schema.columns
          where column_name = 'user_id' and table_schema = current_schema()`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [row] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
      );
      counts[table_name] = row!.n;
    }
    const [usersLeft] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from users where id = ${userId}`,
    );
    const [tokens] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from login_tokens where lower(email) = ${email}`,
    );
    const [mail] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from mailbox where lower("to") = ${email}`,
    );
    return { ...counts, users: usersLeft!.n, login_tokens: tokens!.n, mailbox: mail!.n };
  }

  it("deletes every row of the user, ends the session, and lets the address sign up again as a new account", async () => {
    const email = "leaving@example.com";
    const { user, cookie } = await learnerWithHistory(email, 3, 2);
    const other = await learnerWithHistory("staying@example.com", 2, 1);
    await post("/api/feedback", cookie, {
      area: "other",
      subject: "Bye",
      message: "Thanks for everything so far.",
    });
    await post("/api/login/email", undefined, { email });
    const before = await rowsLeft(user.id, email);
    expect(before.subscriptions).toBe(1);
    expect(before.deliveries).toBe(3);
    expect(before.favorites).toBe(2);
    expect(before.feedback).toBe(1);
    expect(before.sessions).toBe(1);
    expect(before.login_tokens).toBe(1);

    const deleted = await post("/api/user/delete-account", cookie, { confirmation: "DELETE" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe("Your account and all its data have been deleted.");
    expect(deleted.headers["set-cookie"]).toMatch(/jargon_session=;/);

    const after = await rowsLeft(user.id, email);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
    expect((await get("/api/subscriptions", cookie)).statusCode).toBe(401);

    // Another user's data is untouched.
    const otherLeft = await rowsLeft(other.user.id, "staying@example.com");
    expect(otherLeft).toMatchObject({ users: 1, subscriptions: 1, deliveries: 2, favorites: 1 });

    const again = await t.signIn({ email });
    expect(again.user.id).not.toBe(user.id);
    expect((await get("/api/subscriptions", again.cookie)).json()).toEqual([]);
    expect((await get("/api/favorites", again.cookie)).json()).toEqual([]);
  });

  it("cancels a paid plan with the payment provider before deleting the account", async () => {
    const { user, cookie } = await t.signIn({ email: "paying@example.com" });
    const intent = await post("/api/create-payment-intent", cookie, { planName: "basic" });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json();
    const card = { cardNumber: SANDBOX_TEST_CARDS.succeeds, expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await post("/api/sandbox/confirm", cookie, { clientSecret, ...card })).statusCode).toBe(200);
    const completed = await post("/api/complete-subscription", cookie, { setupIntentId: paymentIntentId });
    expect(completed.statusCode, completed.body).toBe(200);
    await payments(t.ctx).flushSandboxEvents();
    const [account] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, user.id));
    const subscriptionId = account!.subscriptionId!;
    const sandbox = payments(t.ctx).byKey("sandbox");
    expect((await sandbox.getSubscription(subscriptionId)).status).toBe("active");

    const deleted = await post("/api/user/delete-account", cookie, { confirmation: "DELETE" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await payments(t.ctx).flushSandboxEvents();
    expect((await sandbox.getSubscription(subscriptionId)).status).toBe("canceled");
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});

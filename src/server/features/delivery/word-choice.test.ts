import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Frequency } from "@shared/constants";
import { deliveries, mailbox, topics, users, words } from "@server/db/schema";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import type { LibraryItem, LibraryManifest, LibraryTopic } from "../content/service";
import { seedContentLibrary } from "../content/service";
import { runSchedulerOnce } from "./service";

const item = (
  word: string,
  rank: number,
  level: 1 | 2 | 3,
  extra: Partial<LibraryItem> = {},
): LibraryItem => ({
  word,
  pronunciation: null,
  definition: `The meaning of ${word}.`,
  example: `A sentence that uses ${word} well.`,
  rank,
  level,
  partOfSpeech: "noun",
  note: null,
  reference: null,
  translation: null,
  ...extra,
});

/** Finance and Business share "EBITDA"; Finance spans the three levels; one topic quotes a verse. */
const LIBRARY: { topic: LibraryTopic; items: LibraryItem[] }[] = [
  {
    topic: {
      name: "finance",
      displayName: "Finance",
      description: "Money.",
      icon: "💰",
      category: "business",
    },
    items: [
      item("bank", 1, 1),
      item("EBITDA", 2, 2, {
        partOfSpeech: "abbreviation",
        note: "Critics note that EBITDA ignores capital spending.",
      }),
      item("contango", 3, 3),
      item("amortization", 4, 2),
    ],
  },
  {
    topic: {
      name: "business",
      displayName: "Business",
      description: "Firms.",
      icon: "💼",
      category: "business",
    },
    items: [item("ebitda", 1, 2), item("synergy", 2, 2), item("churn", 3, 2)],
  },
  {
    topic: {
      name: "psalm_verses",
      displayName: "Psalms",
      description: "Verses.",
      icon: "📖",
      category: "vocabulary",
    },
    items: [
      item("my cup runneth over", 1, 2, {
        partOfSpeech: "phrase",
        example: "Thou anointest my head with oil; my cup runneth over.",
        reference: "Psalm 23:5",
        translation: "King James Version",
        note: "The phrase passed into everyday English for overflowing good fortune.",
        origin: "Runneth is the old third-person form of run, as in the King James Bible of 1611.",
      }),
    ],
  },
];

describe("word choice: levels and the cross-topic rule, on an injected clock", () => {
  let t: TestApp;
  let dir: string;
  const topicId = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), "jargon-word-choice-"));
    const manifest: LibraryManifest = {
      version: "word-choice",
      topics: LIBRARY.map(({ topic, items }) => ({ ...topic, itemCount: items.length })),
    };
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    for (const { topic, items } of LIBRARY) {
      writeFileSync(
        path.join(dir, `${topic.name}.json`),
        JSON.stringify({ topic: topic.name, sources: [], items }),
      );
    }
    await seedContentLibrary(t.ctx, "full", dir);
    for (const row of await t.ctx.db.select().from(topics)) topicId.set(row.name, row.id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function subscriber(email: string) {
    const { user, cookie } = await t.signIn({ email, timeZone: "UTC" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    return { user, cookie };
  }

  async function subscribe(
    cookie: string,
    topic: string,
    level?: number,
    frequency: Frequency = "daily",
    wordsPerSend = 1,
  ) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: {
        topicId: topicId.get(topic),
        frequency,
        deliveryTime: "09:00",
        emailEnabled: true,
        inAppEnabled: true,
        wordsPerSend,
        ...(level === undefined ? {} : { level }),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** Runs the scheduler at 09:30 UTC on `days` consecutive days from `firstDay` (January 2027). */
  async function runDays(firstDay: number, days: number) {
    for (let day = firstDay; day < firstDay + days; day += 1) {
      t.clock.set(new Date(Date.UTC(2027, 0, day, 9, 30)));
      await runSchedulerOnce(t.ctx);
    }
  }

  async function received(userId: string) {
    const rows = await t.ctx.db
      .select({ word: words.word, topicId: deliveries.topicId, kind: deliveries.kind })
      .from(deliveries)
      .innerJoin(words, eq(words.id, deliveries.wordId))
      .where(eq(deliveries.userId, userId))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.slotPosition), asc(deliveries.id));
    return rows;
  }

  it("takes the subscription's level, then the next one up, then the rest nearest first; then only reviews", async () => {
    t.clock.set(new Date("2027-01-01T08:00:00Z"));
    const professional = await subscriber("professional@example.com");
    const expert = await subscriber("expert@example.com");
    const foundation = await subscriber("foundation@example.com");
    // Five words per send: the topic's four in one send (each position its own word), in the level order.
    await subscribe(professional.cookie, "finance", undefined, "daily", 5);
    await subscribe(expert.cookie, "finance", 3, "daily", 5);
    await subscribe(foundation.cookie, "finance", 1, "daily", 5);
    await runDays(1, 3);

    const sends = async (userId: string) =>
      (await received(userId)).map((row) => `${row.kind === "review" ? "review " : ""}${row.word}`);
    const order = {
      professional: ["EBITDA", "amortization", "contango", "bank"],
      expert: ["contango", "EBITDA", "amortization", "bank"],
      foundation: ["bank", "EBITDA", "amortization", "contango"],
    };
    // Day 2 brings the four back as reviews (introduced and unanswered, they are due); the topic has nothing new
    // left. Nobody answers, so day 3 brings the same four again: an unanswered review rolls over, once a day.
    for (const [learner, user] of [
      ["professional", professional],
      ["expert", expert],
      ["foundation", foundation],
    ] as const) {
      const words = order[learner];
      const reviews = words.map((word) => `review ${word}`);
      expect(await sends(user.user.id)).toEqual([...words, ...reviews, ...reviews]);
    }
  });

  it("never delivers a text twice across topics, also when both subscriptions are due in one batch", async () => {
    // Finance first: its EBITDA counts as seen when Business starts, whose first item is the same text.
    t.clock.set(new Date("2027-01-10T08:00:00Z"));
    const later = await subscriber("later@example.com");
    await subscribe(later.cookie, "finance");
    await runDays(10, 1);
    await subscribe(later.cookie, "business");
    await runDays(11, 1);
    // Day 11: Finance brings its next new word with EBITDA riding along as a review; Business skips its "ebitda"
    // for synergy.
    const laterSends = (await received(later.user.id)).map((row) => `${row.kind} ${row.word}`);
    expect(laterSends[0]).toBe("new EBITDA");
    expect(laterSends.slice(1).sort()).toEqual(["new amortization", "new synergy", "review EBITDA"]);

    // Both due at the same instant: one of them takes EBITDA, the other its next item.
    t.clock.set(new Date("2027-01-20T08:00:00Z"));
    const both = await subscriber("both@example.com");
    await subscribe(both.cookie, "finance");
    await subscribe(both.cookie, "business");
    await runDays(20, 1);
    const texts = (await received(both.user.id)).map((row) => row.word.toLowerCase());
    expect(texts).toHaveLength(2);
    expect(texts.filter((text) => text === "ebitda")).toHaveLength(1);
  });

  it("carries part of speech, note, origin, reference and translation from the library to the API and the e-mail", async () => {
    t.clock.set(new Date("2027-02-01T08:00:00Z"));
    const reader = await subscriber("psalms@example.com");
    await subscribe(reader.cookie, "psalm_verses");
    t.clock.set(new Date("2027-02-01T09:30:00Z"));
    await runSchedulerOnce(t.ctx);

    const history = await t.app.inject({
      method: "GET",
      url: "/api/history",
      headers: { cookie: reader.cookie },
    });
    expect(history.json()[0].content).toMatchObject({
      word: "my cup runneth over",
      level: 2,
      partOfSpeech: "phrase",
      note: "The phrase passed into everyday English for overflowing good fortune.",
      reference: "Psalm 23:5",
      translation: "King James Version",
    });
    const today = await t.app.inject({
      method: "GET",
      url: "/api/activity/today",
      headers: { cookie: reader.cookie },
    });
    expect(JSON.stringify(today.json())).toContain("Psalm 23:5");

    const [mail] = await t.ctx.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.to, "psalms@example.com"))
      .orderBy(desc(mailbox.createdAt));
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("phrase");
      expect(body).toContain("Why it matters");
      expect(body).toContain("overflowing good fortune");
      expect(body).toContain("Origin");
      expect(body).toContain("the old third-person form of run");
      expect(body).toContain("Psalm 23:5");
      expect(body).toContain("King James Version");
      // The footer credits only the sources the library uses: no item quotes WordNet any more (issue 27).
      expect(body).toContain("CMU Pronouncing Dictionary");
      expect(body).not.toContain("WordNet");
    }

    const credits = await t.app.inject({ method: "GET", url: "/api/credits" });
    expect(credits.statusCode).toBe(200);
    const sourceIds = credits.json().sources.map((source: { id: string }) => source.id);
    expect(sourceIds).toContain("cmudict");
    expect(sourceIds).not.toContain("wordnet");
  });
});

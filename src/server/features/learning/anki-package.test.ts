import { createRequire } from "node:module";
import { unzipSync } from "fflate";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "@shared/constants";
import {
  gradeCard,
  newCard,
  markKnown,
  type LearningCard,
  type ReviewLogEntry,
} from "@shared/rules/learning/fsrs";
import { buildAnkiPackage, type AnkiPackageCard } from "./anki-package";

const require = createRequire(import.meta.url);
const START = new Date("2026-09-01T08:00:00Z");
const EXPORTED = new Date("2026-11-24T10:30:00Z");

/** A card introduced at START and then graded on the given days after it. */
function history(grades: readonly ["again" | "good" | "easy", number][]): {
  card: LearningCard;
  reviews: ReviewLogEntry[];
} {
  // Introduced at START (not a review), then answered for the first time the next day.
  const first = gradeCard(newCard(START), "good", new Date(START.getTime() + DAY_MS), "email");
  let card = first.card;
  const reviews = [first.log];
  for (const [grade, day] of grades) {
    const next = gradeCard(card, grade, new Date(START.getTime() + day * DAY_MS), "web");
    card = next.card;
    reviews.push(next.log);
  }
  return { card, reviews };
}

const word = (
  wordId: number,
  text: string,
  learned: { card: LearningCard; reviews: ReviewLogEntry[] },
): AnkiPackageCard => ({
  wordId,
  word: text,
  definition: `The meaning of ${text} <b>in</b> practice`,
  example: `They used ${text} daily.`,
  pronunciation: null,
  topicName: "Corporate Finance",
  ...learned,
});

async function openPackage(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  expect(Object.keys(files).sort()).toEqual(["collection.anki2", "media"]);
  const SQL = await initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  const db = new SQL.Database(files["collection.anki2"]);
  const rows = (query: string) => {
    const [result] = db.exec(query);
    return (result?.values ?? []).map((values) =>
      Object.fromEntries(result!.columns.map((column, i) => [column, values[i]])),
    );
  };
  return { db, rows };
}

describe("the Anki package export", () => {
  it("keeps each card's schedule: Anki sees a review due on the day Jargon would bring it back", async () => {
    const mature = history([
      ["good", 1],
      ["good", 4],
      ["good", 14],
      ["good", 45],
    ]);
    const lapsed = history([
      ["good", 1],
      ["again", 84],
    ]);
    const known = { ...history([["easy", 2]]) };
    known.card = markKnown(known.card, new Date(START.getTime() + 3 * DAY_MS));
    const bytes = await buildAnkiPackage(
      [word(11, "accrual", mature), word(12, "amortise", lapsed), word(13, "EBITDA", known)],
      EXPORTED,
    );
    const { db, rows } = await openPackage(bytes);
    const [col] = rows("select crt, ver from col");
    expect(col).toEqual({ crt: Date.UTC(2026, 10, 24) / 1000, ver: 11 });

    const cards = rows("select nid, type, queue, due, ivl, reps, lapses, data from cards order by nid");
    const [accrual, amortise, ebitda] = cards;
    expect(accrual).toMatchObject({
      type: 2,
      queue: 2,
      ivl: mature.card.scheduledDays,
      reps: mature.card.reps,
    });
    const ankiDueDate = Date.UTC(2026, 10, 24) + Number(accrual!.due) * DAY_MS;
    expect(Math.abs(ankiDueDate - mature.card.due.getTime())).toBeLessThanOrEqual(DAY_MS / 2);
    expect(JSON.parse(String(accrual!.data))).toMatchObject({
      s: mature.card.stability,
      d: mature.card.difficulty,
      dr: 0.9,
    });

    // "Didn't know" on a review is a lapse with no minute steps (issue 22): Anki sees a review with one lapse, due on
    // the day Jargon brings the word back.
    expect(amortise).toMatchObject({ type: 2, queue: 2, lapses: 1 });
    const amortiseDue = Date.UTC(2026, 10, 24) + Number(amortise!.due) * DAY_MS;
    expect(Math.abs(amortiseDue - lapsed.card.due.getTime())).toBeLessThanOrEqual(DAY_MS / 2);
    // "I already know this word" retires the card: suspended in Anki, its memory state kept.
    expect(ebitda).toMatchObject({ queue: -1 });

    const revlog = rows("select cid, ease, type from revlog order by id");
    expect(revlog).toHaveLength(mature.reviews.length + lapsed.reviews.length + known.reviews.length);
    expect(revlog.filter((row) => row.cid === accrual!.nid).map((row) => row.ease)).toEqual([3, 3, 3, 3, 3]);

    const [note] = rows("select flds, sfld, tags from notes order by id limit 1");
    expect(String(note!.flds).split("\x1f")).toEqual([
      "accrual",
      "The meaning of accrual &lt;b&gt;in&lt;/b&gt; practice",
      "They used accrual daily.",
      "",
      "Corporate Finance",
    ]);
    expect(note).toMatchObject({ sfld: "accrual", tags: " jargon Corporate_Finance " });
    db.close();
  });

  it("exports an empty but valid collection for a learner with no cards yet", async () => {
    const { db, rows } = await openPackage(await buildAnkiPackage([], EXPORTED));
    expect(rows("select count(*) as n from cards")).toEqual([{ n: 0 }]);
    expect(JSON.parse(String(rows("select decks from col")[0]!.decks))).toHaveProperty(
      "1700000000001.name",
      "Jargon",
    );
    db.close();
  });
});

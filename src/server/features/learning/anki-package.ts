import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { strToU8, zipSync } from "fflate";
import initSqlJs, { type Database } from "sql.js";
import { DAY_MS, DESIRED_RETENTION } from "@shared/constants";
import { ratingOfGrade, type LearningCard, type ReviewLogEntry } from "@shared/rules/learning/fsrs";

/**
 * An Anki package (.apkg) of a learner's cards that keeps their scheduling (issue 16): a ZIP holding
 * `collection.anki2`, Anki's SQLite collection (schema 11, which every Anki since 2.1 imports), and an empty media
 * map. Each card carries its FSRS memory state the way Anki stores it (`data`: stability `s`, difficulty `d`, desired
 * retention `dr`), its due date and interval, and every grade as a `revlog` row, so "Import any learning progress"
 * in Anki continues the schedule instead of starting over. The SQLite file is written by sql.js (SQLite compiled to
 * WebAssembly), the ZIP by fflate.
 */

export interface AnkiPackageCard {
  wordId: number;
  word: string;
  definition: string;
  example: string | null;
  pronunciation: string | null;
  topicName: string;
  card: LearningCard;
  /** Oldest first. */
  reviews: readonly ReviewLogEntry[];
}

const DECK_ID = 1_700_000_000_001;
const MODEL_ID = 1_700_000_000_002;
const FIELD_SEPARATOR = "\x1f";
const FIELDS = ["Word", "Definition", "Example", "Pronunciation", "Topic"] as const;

// Anki's numbering: card type and queue (0 new, 1 learning, 2 review, 3 relearning / day-learning, -1 suspended),
// and revlog type (0 learning, 1 review, 2 relearning).
const CARD_TYPE = { new: 0, learning: 1, review: 2, relearning: 3 } as const;
const REVLOG_TYPE = { new: 0, learning: 0, review: 1, relearning: 2 } as const;
const QUEUE_SUSPENDED = -1;
const QUEUE_LEARNING = 1;
const QUEUE_REVIEW = 2;
const QUEUE_DAY_LEARNING = 3;

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const tag = (text: string) => text.trim().replace(/\s+/g, "_");
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the sort field, as a number. */
const checksum = (text: string) =>
  Number.parseInt(createHash("sha1").update(text).digest("hex").slice(0, 8), 16);

function collectionJson(now: Date) {
  const mod = seconds(now);
  const model = {
    id: MODEL_ID,
    name: "Jargon word",
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: DECK_ID,
    tags: [],
    vers: [],
    req: [[0, "any", [0]]],
    flds: FIELDS.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: "Arial",
      size: 20,
      media: [],
    })),
    tmpls: [
      {
        name: "Recall",
        ord: 0,
        qfmt: "<div class=word>{{Word}}</div>",
        afmt: "{{FrontSide}}<hr id=answer><div>{{Definition}}</div><p><i>{{Pronunciation}}</i></p><p>{{Example}}</p><small>{{Topic}}</small>",
        did: null,
        bqfmt: "",
        bafmt: "",
      },
    ],
    css: ".card { font-family: system-ui, sans-serif; font-size: 20px; text-align: center; }\n.word { font-size: 28px; font-weight: 600; }\n",
    latexPre: "",
    latexPost: "",
  };
  const deck = (id: number, name: string) => ({
    id,
    name,
    desc: "",
    mod,
    usn: -1,
    collapsed: false,
    dyn: 0,
    conf: 1,
    extendNew: 10,
    extendRev: 50,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  });
  return {
    conf: {
      activeDecks: [DECK_ID],
      curDeck: DECK_ID,
      curModel: String(MODEL_ID),
      nextPos: 1,
      sortType: "noteFld",
    },
    models: { [MODEL_ID]: model },
    decks: { 1: deck(1, "Default"), [DECK_ID]: deck(DECK_ID, "Jargon") },
    dconf: {
      1: {
        id: 1,
        name: "Default",
        mod: 0,
        usn: 0,
        maxTaken: 60,
        autoplay: true,
        timer: 0,
        replayq: true,
        desiredRetention: DESIRED_RETENTION,
        new: { perDay: 20, delays: [1, 10], ints: [1, 4, 0], initialFactor: 2500, order: 1, bury: false },
        rev: { perDay: 200, ease4: 1.3, maxIvl: 36500, ivlFct: 1, bury: false, fuzz: 0.05 },
        lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 1 },
      },
    },
  };
}

/** Where the card sits in Anki's queues, and its due value in that queue's unit. */
function schedule(card: LearningCard, collectionStart: Date, position: number) {
  const dueDay = Math.max(0, Math.round((card.due.getTime() - collectionStart.getTime()) / DAY_MS));
  const base = { type: CARD_TYPE[card.state], ivl: card.state === "review" ? card.scheduledDays : 0 };
  let placed: { queue: number; due: number };
  if (card.state === "new") placed = { queue: 0, due: position };
  else if (card.state === "review") placed = { queue: QUEUE_REVIEW, due: dueDay };
  // A learning step due within a day is timed in seconds; a longer one waits in the day-learning queue.
  else if (card.scheduledDays < 1) placed = { queue: QUEUE_LEARNING, due: seconds(card.due) };
  else placed = { queue: QUEUE_DAY_LEARNING, due: dueDay };
  return { ...base, ...placed, queue: card.knownAt ? QUEUE_SUSPENDED : placed.queue };
}

let sqlJs: ReturnType<typeof initSqlJs> | undefined;
function loadSqlJs() {
  const require = createRequire(import.meta.url);
  sqlJs ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  return sqlJs;
}

function fillCollection(db: Database, cards: readonly AnkiPackageCard[], now: Date) {
  // Anki counts review due dates in days from the collection's creation; the export's UTC midnight is day 0.
  const collectionStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const json = collectionJson(now);
  db.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
    seconds(collectionStart),
    now.getTime(),
    now.getTime(),
    JSON.stringify(json.conf),
    JSON.stringify(json.models),
    JSON.stringify(json.decks),
    JSON.stringify(json.dconf),
  ]);
  const usedRevlogIds = new Set<number>();
  cards.forEach((entry, index) => {
    const id = MODEL_ID + entry.wordId;
    const fields = [
      entry.word,
      entry.definition,
      entry.example ?? "",
      entry.pronunciation ?? "",
      entry.topicName,
    ];
    db.run("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')", [
      id,
      `jargon-word-${entry.wordId}`,
      MODEL_ID,
      seconds(now),
      ` jargon ${tag(entry.topicName)} `,
      fields.map(escapeHtml).join(FIELD_SEPARATOR),
      entry.word,
      checksum(entry.word),
    ]);
    const { card } = entry;
    const placed = schedule(card, collectionStart, index + 1);
    const memory =
      card.state === "new"
        ? {}
        : {
            s: card.stability,
            d: card.difficulty,
            dr: DESIRED_RETENTION,
            ...(card.lastReview ? { lrt: seconds(card.lastReview) } : {}),
          };
    db.run("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, 2500, ?, ?, 0, 0, 0, 0, ?)", [
      id,
      id,
      DECK_ID,
      seconds(now),
      placed.type,
      placed.queue,
      placed.due,
      placed.ivl,
      card.reps,
      card.lapses,
      JSON.stringify(memory),
    ]);
    for (const review of entry.reviews) {
      // revlog ids are the review's time in milliseconds and must be unique across the collection.
      let revlogId = review.reviewedAt.getTime();
      while (usedRevlogIds.has(revlogId)) revlogId += 1;
      usedRevlogIds.add(revlogId);
      db.run("INSERT INTO revlog VALUES (?, ?, -1, ?, 0, 0, 0, 0, ?)", [
        revlogId,
        id,
        ratingOfGrade(review.grade),
        REVLOG_TYPE[review.stateBefore],
      ]);
    }
  });
}

/** The .apkg bytes for these cards (one deck, "Jargon"; the topic is a tag). */
export async function buildAnkiPackage(cards: readonly AnkiPackageCard[], now: Date): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA);
    db.run("BEGIN");
    fillCollection(db, cards, now);
    db.run("COMMIT");
    return zipSync({ "collection.anki2": db.export(), media: strToU8("{}") });
  } finally {
    db.close();
  }
}

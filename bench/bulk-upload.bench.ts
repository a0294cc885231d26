// The admin's bulk upload of 5,000 words (POST /api/admin/content/bulk: JSON parse, validation of every row,
// duplicate check, one transaction, audit row) on the embedded default database (PGlite on disk), against a
// plain multi-row INSERT of the same 5,000 rows into another topic, measured in the same run. Then the seed of the
// built-in library into a fresh embedded database, as a first `npm start` does, and again when it is up to date (the
// targets the library's unit test held as timeouts before session 51: a busy machine failed them, not a slow seed).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import pino from "pino";
import { SESSION_COOKIE } from "../src/shared/constants";
import { buildApp } from "../src/server/app";
import { createContext } from "../src/server/bootstrap";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { upsertUser } from "../src/server/features/auth/service";
import { seedContentLibrary } from "../src/server/features/content/service";
import { createSession } from "../src/server/platform/auth/session";
import { printTable, verdict } from "./lib";

const APP_URL = "http://localhost:5000";
const ADMIN_EMAIL = "bench-admin@example.com";

const WORDS = 5_000;
const RUNS = 3;
const TARGET_SECONDS = 5;
const BASELINE_BATCH = 2_000;
const SEED_TARGET_SECONDS = 15;
const SEED_AGAIN_TARGET_SECONDS = 1;

const words = (run: number) =>
  Array.from({ length: WORDS }, (_, index) => ({
    word: `term-${run}-${index}`,
    definition: `The meaning of term ${index}, long enough to look like a real definition of a word.`,
    example: `A sentence that uses term ${index} the way a professional would.`,
    pronunciation: "/tɜrm/",
  }));

const dataDir = mkdtempSync(path.join(tmpdir(), "jargon-bench-pglite-"));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  // The embedded default: PGlite with its data on disk, as `npm start` runs without DATABASE_URL.
  const database = await openDatabase({ kind: "pglite", dataDir });
  const opened = await createContext(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL, ADMIN_EMAILS: ADMIN_EMAIL }),
    pino({ level: "silent" }),
    { database },
  );
  const ctx = opened.ctx;
  const app = await buildApp(ctx);
  await app.ready();
  const admin = await upsertUser(ctx, { email: ADMIN_EMAIL });
  const adminCookie = `${SESSION_COOKIE}=${await createSession(ctx, admin.id)}`;
  const uploadSeconds: number[] = [];
  const insertSeconds: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const [uploadTopic, baselineTopic] = await Promise.all(
      ["upload", "baseline"].map(async (kind) => {
        const [row] = (
          (await ctx.db.execute(
            sql`insert into topics (name, display_name) values (${`${kind}_${run}`}, ${kind}) returning id`,
          )) as unknown as { rows: { id: number }[] }
        ).rows;
        return row!.id;
      }),
    );

    const payload = JSON.stringify({ topicId: uploadTopic, words: words(run) });
    const started = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/content/bulk",
      headers: { cookie: adminCookie, "content-type": "application/json", origin: APP_URL },
      payload,
    });
    uploadSeconds.push((performance.now() - started) / 1000);
    const result = response.json() as { created: number };
    if (response.statusCode !== 200 || result.created !== WORDS) {
      throw new Error(`upload answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }

    // The baseline: the same rows, already validated, written with nothing else to do.
    const rows = words(run);
    const baselineStarted = performance.now();
    await ctx.db.transaction(async (tx) => {
      for (let offset = 0; offset < rows.length; offset += BASELINE_BATCH) {
        const values: SQL[] = rows
          .slice(offset, offset + BASELINE_BATCH)
          .map(
            (row) =>
              sql`(${baselineTopic}, ${row.word}, ${row.definition}, ${row.example}, ${row.pronunciation}, 'admin')`,
          );
        await tx.execute(
          sql`insert into words (topic_id, word, definition, example, pronunciation, source) values ${sql.join(values, sql`, `)}`,
        );
      }
    });
    insertSeconds.push((performance.now() - baselineStarted) / 1000);
  }
  await app.close();
  await opened.close();
  await database.close();

  const upload = median(uploadSeconds);
  const insert = median(insertSeconds);
  printTable(
    `Bulk upload of ${WORDS.toLocaleString("en-US")} words on embedded PGlite, median of ${RUNS} runs (target: under ${TARGET_SECONDS} s)`,
    [
      {
        step: "POST /api/admin/content/bulk (parse, validate, dedupe, insert, audit)",
        seconds: upload.toFixed(2),
        "words/s": Math.round(WORDS / upload),
      },
      {
        step: `plain INSERT in one transaction, ${BASELINE_BATCH} rows a statement`,
        seconds: insert.toFixed(2),
        "words/s": Math.round(WORDS / insert),
      },
    ],
  );
  console.log(
    `bulk upload: ${upload.toFixed(2)} s (${verdict(upload < TARGET_SECONDS)}), ` +
      `${(upload / insert).toFixed(1)}x the time of the plain INSERT`,
  );

  const seedDatabase = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "seed") });
  const seedContext = await createContext(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL }),
    pino({ level: "silent" }),
    { database: seedDatabase },
  );
  const first = await seedContentLibrary(seedContext.ctx);
  const again = await seedContentLibrary(seedContext.ctx);
  await seedContext.close();
  await seedDatabase.close();
  if (first.upToDate || !again.upToDate) throw new Error("the seed did not start from a fresh database");
  console.log(
    `seed of the built-in library (${first.wordsAdded.toLocaleString("en-US")} words) into a fresh database: ` +
      `${(first.ms / 1000).toFixed(2)} s (${verdict(first.ms < SEED_TARGET_SECONDS * 1000)}: under ` +
      `${SEED_TARGET_SECONDS} s); again, up to date: ${(again.ms / 1000).toFixed(2)} s ` +
      `(${verdict(again.ms < SEED_AGAIN_TARGET_SECONDS * 1000)}: under ${SEED_AGAIN_TARGET_SECONDS} s)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY_NEXT_CURSOR_HEADER } from "@shared/api/history";
import { queryRows } from "@server/db/raw";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { historyQuery } from "./service";

/** A node of PostgreSQL's JSON plan, with the fields read here. */
interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Sort Key"?: string[];
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe("history with 10,000 entries", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let user: { id: string; timeZone: string | null };
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 30);
    const signed = await t.signIn({ email: "heavy@example.com", timeZone: "UTC" });
    user = { id: signed.user.id, timeZone: "UTC" };
    cookie = signed.cookie;
    await t.ctx.db.execute(sql`
      insert into deliveries (user_id, topic_id, word_id, slot_at, source, delivery_method, in_app, sent_at, created_at)
      select ${user.id}, ${topic.id}, ${topic.wordIds[0]!}, ts, 'scheduled', 'in_app', true, ts, ts
      from (select timestamptz '2024-01-01' + (n * interval '1 hour') as ts from generate_series(1, 10000) n) slots`);
    // As PostgreSQL's autovacuum does after a bulk insert: the planner knows this learner has many rows.
    await t.ctx.db.execute(sql`analyze deliveries`);
  });
  afterAll(async () => {
    await t.close();
  });

  const fetchPage = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  it("keyset pages walk all of them, newest first", async () => {
    const first = await fetchPage("/api/history");
    expect(first.json()).toHaveLength(50);
    expect(first.json()[0].createdAt).toBe("2025-02-20T16:00:00.000Z"); // 2024-01-01 + 10,000 h
    let seen = first.json().length;
    let cursor = first.headers[HISTORY_NEXT_CURSOR_HEADER] as string | undefined;
    while (cursor) {
      const page = await fetchPage(`/api/history?limit=200&cursor=${cursor}`);
      seen += page.json().length;
      cursor = page.headers[HISTORY_NEXT_CURSOR_HEADER] as string | undefined;
    }
    expect(seen).toBe(10_000);
    const searched = await fetchPage("/api/history?q=finance-1&date=2024-06-01");
    expect(searched.json()).toHaveLength(24);
  });

  // What keeps a long history fast is the work each page does, not a timing: a page reads its own rows from the
  // history index and stops, whichever page it is, instead of reading and sorting all 10,000.
  it.each([
    ["the first page", 0],
    ["a page after 7,000 entries", 7_000],
  ])("%s reads only its rows from the index, in order", async (_name, skipped) => {
    const cursor = skipped > 0 ? await cursorAfter(skipped) : undefined;
    const query = historyQuery(t.ctx, user, { limit: 50, ...(cursor ? { cursor } : {}) });
    const [explained] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(
      t.ctx.db,
      sql`explain (analyze, format json) ${query}`,
    );
    const planText = explained!["QUERY PLAN"];
    const plan = (typeof planText === "string" ? JSON.parse(planText) : planText) as [{ Plan: PlanNode }];
    const nodes = nodesOf(plan[0].Plan);
    // (A sort of one delivery's sends, by channel, is not one of them.)
    const sortsOfDeliveries = nodes.filter((node) =>
      node["Sort Key"]?.some((key) => key.includes("created_at")),
    );
    expect(sortsOfDeliveries).toEqual([]);
    const deliveriesRead = nodes.filter((node) => node["Relation Name"] === "deliveries");
    expect(deliveriesRead).toHaveLength(1);
    expect(deliveriesRead[0]!["Node Type"]).toMatch(/Index/);
    expect(deliveriesRead[0]!["Actual Rows"] * deliveriesRead[0]!["Actual Loops"]).toBeLessThanOrEqual(51);
  });

  /** The cursor after the first `count` entries, walked in pages of 200. */
  async function cursorAfter(count: number): Promise<string> {
    let cursor = (await fetchPage("/api/history?limit=200")).headers[HISTORY_NEXT_CURSOR_HEADER] as string;
    for (let seen = 200; seen < count; seen += 200) {
      cursor = (await fetchPage(`/api/history?limit=200&cursor=${cursor}`)).headers[
        HISTORY_NEXT_CURSOR_HEADER
      ] as string;
    }
    return cursor;
  }
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, topics, words } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { seedContentLibrary, type LibraryManifest } from "../content/service";
import { runSchedulerOnce } from "../delivery/service";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";

describe("admin: topics and words", () => {
  let kit: AdminTestKit;
  let finance: FixtureTopic;

  beforeAll(async () => {
    kit = await createAdminTestKit();
    finance = await insertTopic(kit.t.ctx, "finance", 25);
  });
  afterAll(() => kit.t.close());

  const newWord = {
    word: "Escrow",
    definition: "Money held by a third party.",
    example: "",
    pronunciation: "/ˈɛskroʊ/",
  };

  describe("topics", () => {
    it("creates a topic owned by the admin, lists it for everyone, and audits it", async () => {
      const response = await kit.asAdmin("POST", "/api/admin/topics", {
        name: "legal_terms",
        displayName: "Legal Terms",
        description: "Words lawyers use.",
        icon: "⚖️",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        id: expect.any(Number),
        name: "legal_terms",
        displayName: "Legal Terms",
        icon: "⚖️",
        category: "vocabulary",
      });
      const [row] = await kit.t.ctx.db.select().from(topics).where(eq(topics.name, "legal_terms"));
      expect(row!.source).toBe("admin");
      const listed = (await kit.call("GET", "/api/topics")).json();
      expect(listed.map((t: { name: string }) => t.name)).toContain("legal_terms");
      const [audit] = await kit.t.ctx.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.action, "topic.create"));
      expect(audit).toMatchObject({
        entityType: "topic",
        entityId: String(row!.id),
        after: { name: "legal_terms" },
      });
    });

    it("keeps topic names unique: 409", async () => {
      const again = await kit.asAdmin("POST", "/api/admin/topics", {
        name: "finance",
        displayName: "Money",
        icon: "💷",
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: "A topic named “finance” already exists.",
        code: "TOPIC_EXISTS",
      });
    });

    it.each([
      [{ displayName: "X", icon: "📘" }, "Internal name is required"],
      [{ name: "Legal Terms", displayName: "X", icon: "📘" }, "lowercase"],
      [{ name: "legal-terms", displayName: "X", icon: "📘" }, "lowercase"],
      [{ name: "_legal", displayName: "X", icon: "📘" }, "lowercase"],
      [{ name: "legal__terms", displayName: "X", icon: "📘" }, "lowercase"],
      [{ name: "legal", icon: "📘" }, "Display name is required"],
      [{ name: "legal", displayName: "   ", icon: "📘" }, "Display name is required"],
      [{ name: "legal", displayName: "Legal" }, "Icon is required"],
      [{ name: "legal", displayName: "Legal", icon: "🙂".repeat(20) }, "Icon must be a single emoji"],
      [{ name: "x".repeat(51), displayName: "Legal", icon: "📘" }, "at most 50"],
    ])("refuses %j with 400", async (payload, message) => {
      const response = await kit.asAdmin("POST", "/api/admin/topics", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });
  });

  describe("words", () => {
    it("answers per-topic stats of live words, every topic listed", async () => {
      const stats = (await kit.asAdmin("GET", "/api/admin/stats")).json();
      expect(stats).toContainEqual({
        topicId: finance.id,
        topicName: "finance",
        displayName: "Finance",
        icon: "📘",
        count: 25,
      });
      expect(stats.find((row: { topicName: string }) => row.topicName === "legal_terms")).toMatchObject({
        count: 0,
      });
    });

    it("lists a topic's words alphabetically", async () => {
      const list = (await kit.asAdmin("GET", `/api/admin/content?topicId=${finance.id}`)).json();
      expect(list).toHaveLength(25);
      expect(list[0]).toMatchObject({ word: "finance-1", source: "library", example: expect.any(String) });
      expect(list.map((w: { word: string }) => w.word)).toEqual(
        [...list.map((w: { word: string }) => w.word)].sort((a: string, b: string) => a.localeCompare(b)),
      );
    });

    it("adds, edits and deletes a word; each change is admin-owned and audited with before/after", async () => {
      const created = await kit.asAdmin("POST", "/api/admin/content", { ...newWord, topicId: finance.id });
      expect(created.statusCode).toBe(201);
      const word = created.json();
      expect(word).toMatchObject({
        word: "Escrow",
        example: null,
        pronunciation: "/ˈɛskroʊ/",
        source: "admin",
      });

      const dup = await kit.asAdmin("POST", "/api/admin/content", {
        ...newWord,
        word: "ESCROW",
        topicId: finance.id,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: "“ESCROW” is already in this topic.", code: "WORD_EXISTS" });

      const edited = await kit.asAdmin("PUT", `/api/admin/content/${word.id}`, {
        topicId: finance.id,
        word: "Escrow",
        definition: "Held by a neutral party until conditions are met.",
        example: "The deposit sat in escrow.",
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        definition: "Held by a neutral party until conditions are met.",
        pronunciation: null,
      });

      const clash = await kit.asAdmin("PUT", `/api/admin/content/${word.id}`, {
        topicId: finance.id,
        word: "Finance-2",
        definition: "x",
      });
      expect(clash.statusCode).toBe(409);

      const deleted = await kit.asAdmin("DELETE", `/api/admin/content/${word.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: "Word deleted", id: word.id });
      expect((await kit.asAdmin("DELETE", `/api/admin/content/${word.id}`)).statusCode).toBe(404);
      expect(
        (await kit.asAdmin("PUT", `/api/admin/content/${word.id}`, { ...newWord, topicId: finance.id }))
          .statusCode,
      ).toBe(404);
      const list = (await kit.asAdmin("GET", `/api/admin/content?topicId=${finance.id}`)).json();
      expect(list.some((w: { id: number }) => w.id === word.id)).toBe(false);

      const audit = await kit.t.ctx.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.entityId, String(word.id)))
        .orderBy(adminAudit.id);
      expect(audit.map((row) => row.action)).toEqual(["word.create", "word.update", "word.delete"]);
      expect(audit[1]).toMatchObject({
        before: { definition: "Money held by a third party." },
        after: { definition: "Held by a neutral party until conditions are met.", source: "admin" },
      });
      expect(audit[2]).toMatchObject({ before: { word: "Escrow" }, after: null });

      // Adding it again brings the same row back with the new text.
      const again = await kit.asAdmin("POST", "/api/admin/content", {
        ...newWord,
        definition: "Back again.",
        topicId: finance.id,
      });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id: word.id, definition: "Back again." });
    });

    it("stores a word's level, part of speech and note, and refuses values outside the library's lists", async () => {
      const created = await kit.asAdmin("POST", "/api/admin/content", {
        topicId: finance.id,
        word: "Contango",
        definition: "A market where futures prices sit above the spot price.",
        level: 3,
        partOfSpeech: "noun",
        note: "  The opposite is backwardation.  ",
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        level: 3,
        partOfSpeech: "noun",
        note: "The opposite is backwardation.",
      });

      const plain = await kit.asAdmin("POST", "/api/admin/content", {
        topicId: finance.id,
        word: "Spot price",
        definition: "The price for delivery now.",
      });
      expect(plain.json()).toMatchObject({ level: 2, partOfSpeech: null, note: null });

      const badLevel = await kit.asAdmin("POST", "/api/admin/content", {
        topicId: finance.id,
        word: "Basis",
        definition: "Spot minus futures.",
        level: 4,
      });
      expect(badLevel.statusCode).toBe(400);
      expect(badLevel.json().message).toContain(
        "Level must be 1 (Beginner), 2 (Intermediate) or 3 (Advanced)",
      );
      const badPart = await kit.asAdmin("POST", "/api/admin/content", {
        topicId: finance.id,
        word: "Basis",
        definition: "Spot minus futures.",
        partOfSpeech: "gerund",
      });
      expect(badPart.statusCode).toBe(400);
      expect(badPart.json().message).toContain("Part of speech must be one of: noun, verb");

      const bulk = await kit.asAdmin("POST", "/api/admin/content/bulk", {
        topicId: finance.id,
        words: [{ word: "Backwardation", definition: "Futures below spot.", level: 3, partOfSpeech: "noun" }],
      });
      expect(bulk.json()).toMatchObject({ created: 1 });
      const list = (await kit.asAdmin("GET", `/api/admin/content?topicId=${finance.id}`)).json();
      expect(list.find((w: { word: string }) => w.word === "Backwardation")).toMatchObject({
        level: 3,
        partOfSpeech: "noun",
        note: null,
      });
    });

    it("keeps delivered words in users' history and favorites after deletion, and stops delivering them", async () => {
      const small = await insertTopic(kit.t.ctx, "tiny", 2);
      const learner = await kit.t.signIn({ email: "reader@example.com" });
      kit.t.clock.set(new Date("2025-05-01T08:00:00Z"));
      const sub = await kit.call("POST", "/api/subscriptions", {
        cookie: learner.cookie,
        payload: {
          topicId: small.id,
          frequency: "daily",
          deliveryTime: "09:00",
          emailEnabled: false,
          inAppEnabled: true,
        },
      });
      expect(sub.statusCode).toBe(201);
      kit.t.clock.set(new Date("2025-05-01T09:01:00Z"));
      await runSchedulerOnce(kit.t.ctx);
      const history = (await kit.call("GET", "/api/history", { cookie: learner.cookie })).json();
      const delivered = history[0].content;
      expect(delivered.word).toBe("tiny-1");
      expect(
        (
          await kit.call("POST", "/api/favorites", {
            cookie: learner.cookie,
            payload: { contentId: delivered.id },
          })
        ).statusCode,
      ).toBe(201);

      expect((await kit.asAdmin("DELETE", `/api/admin/content/${delivered.id}`)).statusCode).toBe(200);

      const after = (await kit.call("GET", "/api/history", { cookie: learner.cookie })).json();
      expect(after[0].content).toMatchObject({ id: delivered.id, word: "tiny-1" });
      const favorites = (await kit.call("GET", "/api/favorites", { cookie: learner.cookie })).json();
      expect(JSON.stringify(favorites)).toContain("tiny-1");
      // Stats no longer count it.
      const stats = (await kit.asAdmin("GET", "/api/admin/stats")).json();
      expect(stats.find((row: { topicName: string }) => row.topicName === "tiny").count).toBe(1);

      // Renaming another word onto the deleted, delivered spelling would hide it from history: refused.
      const rename = await kit.asAdmin("PUT", `/api/admin/content/${small.wordIds[1]}`, {
        topicId: small.id,
        word: "TINY-1",
        definition: "x",
      });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().code).toBe("WORD_DELETED_IN_HISTORY");
    });

    it.each([
      ["POST", "/api/admin/content", { word: "x", definition: "y" }, 400, "Please select a topic"],
      [
        "POST",
        "/api/admin/content",
        { topicId: "abc", word: "x", definition: "y" },
        400,
        "Please select a topic",
      ],
      ["POST", "/api/admin/content", { topicId: 999999, word: "x", definition: "y" }, 404, "Topic not found"],
      ["POST", "/api/admin/content", { topicId: 1, definition: "y" }, 400, "Word is required"],
      ["POST", "/api/admin/content", { topicId: 1, word: "  ", definition: "y" }, 400, "Word is required"],
      ["POST", "/api/admin/content", { topicId: 1, word: "x" }, 400, "Definition is required"],
      ["POST", "/api/admin/content", { topicId: 1, word: "x", definition: 5 }, 400, "Definition is required"],
      [
        "POST",
        "/api/admin/content",
        { topicId: 1, word: "x".repeat(201), definition: "y" },
        400,
        "at most 200",
      ],
      ["POST", "/api/admin/content", "{oops", 400, "not valid JSON"],
      ["PUT", "/api/admin/content/abc", { topicId: 1, word: "x", definition: "y" }, 400, undefined],
      ["PUT", "/api/admin/content/999999", { topicId: 1, word: "x", definition: "y" }, 404, "Word not found"],
      ["DELETE", "/api/admin/content/-3", undefined, 400, undefined],
      ["DELETE", "/api/admin/content/999999", undefined, 404, "Word not found"],
      ["GET", "/api/admin/content", undefined, 400, "Please select a topic"],
      ["GET", "/api/admin/content?topicId=abc", undefined, 400, "Please select a topic"],
      ["GET", "/api/admin/content?topicId=999999", undefined, 404, "Topic not found"],
    ] as const)("%s %s %j → %i", async (method, url, payload, status, message) => {
      const response = await kit.asAdmin(method, url, payload);
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json().message).toContain(message);
    });
  });

  describe("library upgrades", () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), "jargon-admin-library-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    function writeLibrary(version: string, items: { word: string; definition: string }[]) {
      const topic = {
        name: "upgrade_me",
        displayName: "Upgrade Me",
        description: "d",
        icon: "📗",
        category: "vocabulary" as const,
      };
      const manifest: LibraryManifest = { version, topics: [{ ...topic, itemCount: items.length }] };
      writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
      writeFileSync(
        path.join(dir, "upgrade_me.json"),
        JSON.stringify({
          topic: topic.name,
          sources: [],
          items: items.map((item, index) => ({
            ...item,
            pronunciation: null,
            example: null,
            rank: index + 1,
          })),
        }),
      );
    }

    it("never overwrites or revives words an admin edited, added or deleted", async () => {
      writeLibrary("v1", [
        { word: "alpha", definition: "Library alpha." },
        { word: "beta", definition: "Library beta." },
        { word: "gamma", definition: "Library gamma." },
      ]);
      await seedContentLibrary(kit.t.ctx, "full", dir);
      const [topic] = await kit.t.ctx.db.select().from(topics).where(eq(topics.name, "upgrade_me"));
      const list = (await kit.asAdmin("GET", `/api/admin/content?topicId=${topic!.id}`)).json();
      const id = (word: string) => list.find((w: { word: string }) => w.word === word).id;

      await kit.asAdmin("PUT", `/api/admin/content/${id("alpha")}`, {
        topicId: topic!.id,
        word: "alpha",
        definition: "Admin alpha.",
      });
      await kit.asAdmin("DELETE", `/api/admin/content/${id("beta")}`);
      await kit.asAdmin("POST", "/api/admin/content", {
        topicId: topic!.id,
        word: "Delta",
        definition: "Admin delta.",
      });

      writeLibrary("v2", [
        { word: "alpha", definition: "Library alpha, improved." },
        { word: "beta", definition: "Library beta, improved." },
        { word: "gamma", definition: "Library gamma, improved." },
        { word: "delta", definition: "Library delta." },
      ]);
      await seedContentLibrary(kit.t.ctx, "full", dir);

      const rows = await kit.t.ctx.db.select().from(words).where(eq(words.topicId, topic!.id));
      const byWord = new Map(rows.map((row) => [row.word.toLowerCase(), row]));
      expect(byWord.get("alpha")).toMatchObject({ definition: "Admin alpha.", source: "admin" });
      expect(byWord.get("beta")!.deletedAt).toBeInstanceOf(Date);
      expect(byWord.get("gamma")).toMatchObject({
        definition: "Library gamma, improved.",
        source: "library",
      });
      expect(byWord.get("delta")).toMatchObject({
        word: "Delta",
        definition: "Admin delta.",
        source: "admin",
      });
    });
  });
});

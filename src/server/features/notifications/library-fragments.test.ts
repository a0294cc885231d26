import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationItem } from "@shared/api/notifications";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { runSchedulerOnce } from "../delivery/service";
import { LibraryFragments } from "./library-fragments";

describe("the poll's words and topics, kept in memory", () => {
  let kit: AdminTestKit;
  let topic: FixtureTopic;
  let learner: { userId: string; cookie: string };

  beforeAll(async () => {
    kit = await createAdminTestKit();
    const { t } = kit;
    topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    const { user, cookie } = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    learner = { userId: user.id, cookie };
    await t.subscribe(cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
  });
  afterAll(() => kit.t.close());

  /** A poll that misses the list's cache, so its words and topics come from this process's fragments. */
  const miss = async () => {
    kit.t.ctx.recentActivity.invalidateUsers([learner.userId]);
    const response = await kit.t.app.inject({
      method: "GET",
      url: "/api/activity/recent",
      headers: { cookie: learner.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it("answers with the text it kept exactly what it answered when it read that text from the database", async () => {
    // A write to the library (even one that changes no text) gives it a new version: the next read finds nothing
    // kept, so it reads every word and topic it shows from the database; the one after finds them all kept.
    await kit.t.ctx.db.execute(sql`update topics set description = description where id = ${topic.id}`);
    const read = await miss();
    const kept = await miss();
    expect(kept.body).toBe(read.body);
    expect(kept.headers.etag).toBe(read.headers.etag);
    expect((read.json() as NotificationItem[]).length).toBeGreaterThan(0);
  });

  it("shows an edited word's and topic's new text at the next miss", async () => {
    const [item] = (await miss()).json() as NotificationItem[];
    const edited = await kit.asAdmin("PUT", `/api/admin/content/${item!.content.id}`, {
      topicId: topic.id,
      word: item!.content.word,
      definition: 'Edited: "quoted" and\nnew',
    });
    expect(edited.statusCode).toBe(200);
    // Topics have no edit screen; the library's upgrade renames them, as this does.
    await kit.t.ctx.db.execute(sql`update topics set display_name = 'Money ☃' where id = ${topic.id}`);
    const after = (await miss()).json() as NotificationItem[];
    const same = after.find((shown) => shown.id === item!.id)!;
    expect(same.content.definition).toBe('Edited: "quoted" and\nnew');
    expect(same.topic.displayName).toBe("Money ☃");
  });
});

describe("LibraryFragments", () => {
  /** A reader that answers every asked id with a text naming it and the version of the library it stands for. */
  const library = () => {
    const asked: { words: number[]; topics: number[] }[] = [];
    let edition = "v1";
    let gate: Promise<void> = Promise.resolve();
    const read = async (words: number[], topics: number[]) => {
      asked.push({ words, topics });
      const readEdition = edition;
      await gate;
      return [
        ...words.map((id) => [0, id, `word ${id} ${readEdition}`]),
        ...topics.map((id) => [1, id, `topic ${id} ${readEdition}`]),
      ];
    };
    return {
      asked,
      read,
      edit(to: string) {
        edition = to;
      },
      hold() {
        let release!: () => void;
        gate = new Promise((resolve) => (release = resolve));
        return release;
      },
    };
  };

  /** The kept JSON as text. */
  const texts = (...fragments: Buffer[]) => fragments.map(String);

  it("reads only what it does not have, once, and answers both", async () => {
    const source = library();
    const fragments = new LibraryFragments(source.read);
    const first = await fragments.lookup("v1", [1, 2, 2], [7]);
    expect(texts(first.word(1), first.word(2), first.topic(7))).toEqual([
      "word 1 v1",
      "word 2 v1",
      "topic 7 v1",
    ]);
    const second = await fragments.lookup("v1", [2, 3], [7]);
    expect(texts(second.word(2), second.word(3), second.topic(7))).toEqual([
      "word 2 v1",
      "word 3 v1",
      "topic 7 v1",
    ]);
    expect(source.asked).toEqual([
      { words: [1, 2], topics: [7] },
      { words: [3], topics: [] },
    ]);
  });

  it("reads everything again once the library version differs", async () => {
    const source = library();
    const fragments = new LibraryFragments(source.read);
    await fragments.lookup("v1", [1], [7]);
    source.edit("v2");
    const after = await fragments.lookup("v2", [1], [7]);
    expect(texts(after.word(1), after.topic(7))).toEqual(["word 1 v2", "topic 7 v2"]);
  });

  it("does not keep what a read brought back after the version moved during it", async () => {
    const source = library();
    const fragments = new LibraryFragments(source.read);
    const release = source.hold();
    const slow = fragments.lookup("v1", [1], []);
    source.edit("v2");
    const fast = fragments.lookup("v2", [2], []);
    release();
    expect(String((await slow).word(1))).toBe("word 1 v1");
    expect(String((await fast).word(2))).toBe("word 2 v2");
    // The slow read's word 1 was of the old version: asked again, it is read again.
    expect(String((await fragments.lookup("v2", [1], [])).word(1))).toBe("word 1 v2");
  });

  it("keeps no more than its bound: past it, it starts again from nothing", async () => {
    const source = library();
    const fragments = new LibraryFragments(source.read, 2);
    const first = await fragments.lookup("v1", [1, 2, 3], []);
    expect(texts(first.word(1), first.word(2), first.word(3))).toEqual([
      "word 1 v1",
      "word 2 v1",
      "word 3 v1",
    ]);
    source.asked.length = 0;
    await fragments.lookup("v1", [1, 2, 3], []);
    expect(source.asked).toEqual([{ words: [1, 2], topics: [] }]);
  });

  it("answers with what it found kept, though the kept text starts again from nothing meanwhile", async () => {
    const source = library();
    const fragments = new LibraryFragments(source.read, 2);
    await fragments.lookup("v1", [1], []);
    const release = source.hold();
    const needsOneKept = fragments.lookup("v1", [1, 5], []);
    const passesTheBound = fragments.lookup("v1", [6, 7, 8], []);
    release();
    const [found] = await Promise.all([needsOneKept, passesTheBound]);
    expect(texts(found.word(1), found.word(5))).toEqual(["word 1 v1", "word 5 v1"]);
  });
});

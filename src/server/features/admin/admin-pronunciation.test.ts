import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topics, words } from "@server/db/schema";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";
import { checkPronunciation, normalizeIpa } from "./pronunciation";

describe("comparing IPA", () => {
  it("ignores notation: slashes, brackets, stress and length marks, dots, spaces, g/ɡ and ɹ/r", () => {
    expect(normalizeIpa("/ˈɛskroʊ/")).toBe(normalizeIpa("[ɛs.kɹoʊ]"));
    expect(normalizeIpa("/ˈɡɑrdən/")).toBe(normalizeIpa("ˈgɑrdən"));
    expect(normalizeIpa("/bɜːrd/")).toBe(normalizeIpa("/bɝd/"));
    expect(normalizeIpa("/tʃɛk/")).not.toBe(normalizeIpa("/ʃɛk/"));
  });

  it("classifies a word as missing, unverified, match or mismatch", () => {
    expect(checkPronunciation(null, "/tʃɛk/")).toEqual({
      status: "missing",
      error: "No pronunciation stored",
    });
    expect(checkPronunciation("  ", undefined).status).toBe("missing");
    expect(checkPronunciation("/zɔrp/", undefined).status).toBe("unverified");
    expect(checkPronunciation("/tʃɛk/", "/tʃɛk/")).toEqual({ status: "match", error: null });
    expect(checkPronunciation("CHEK", "/tʃɛk/")).toEqual({
      status: "mismatch",
      error: "Differs from the lexicon (/tʃɛk/)",
    });
  });
});

describe("GET /api/test/pronunciation/existing", () => {
  let kit: AdminTestKit;
  let financeId: number;
  let otherId: number;

  beforeAll(async () => {
    kit = await createAdminTestKit();
    const [finance, other] = await kit.t.ctx.db
      .insert(topics)
      .values([
        { name: "finance", displayName: "Finance" },
        { name: "other", displayName: "Other" },
      ])
      .returning();
    financeId = finance!.id;
    otherId = other!.id;
    await kit.t.ctx.db.insert(words).values([
      { topicId: financeId, word: "check", definition: "A written order to pay.", pronunciation: "/tʃɛk/" },
      { topicId: financeId, word: "bond", definition: "A debt certificate.", pronunciation: "/bɑnd/ wrong" },
      { topicId: financeId, word: "ledger", definition: "A book of accounts.", pronunciation: null },
      { topicId: financeId, word: "zorblax", definition: "Made up.", pronunciation: "/ˈzɔrblæks/" },
      {
        topicId: financeId,
        word: "gone",
        definition: "Deleted.",
        pronunciation: null,
        deletedAt: new Date(),
      },
      { topicId: otherId, word: "garden", definition: "Where plants grow.", pronunciation: "/ˈɡɑrdən/" },
    ]);
  });
  afterAll(() => kit.t.close());

  it("reports, per live word of the topic, whether a pronunciation exists and whether the lexicon agrees", async () => {
    const response = await kit.asAdmin("GET", `/api/test/pronunciation/existing?topicId=${financeId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.checked).toBe(4);
    const byWord = Object.fromEntries(body.results.map((r: { word: string }) => [r.word, r]));
    expect(byWord.check).toEqual({
      wordId: expect.any(Number),
      topicId: financeId,
      word: "check",
      definition: "A written order to pay.",
      pronunciation: "/tʃɛk/",
      success: true,
      status: "match",
      ipa: "/tʃɛk/",
      audioUrl: "",
      error: null,
    });
    expect(byWord.bond).toMatchObject({ success: false, status: "mismatch", ipa: "/bɑnd/" });
    expect(byWord.ledger).toMatchObject({
      success: false,
      status: "missing",
      error: "No pronunciation stored",
    });
    expect(byWord.zorblax).toMatchObject({ success: true, status: "unverified", ipa: null });
    expect(byWord.gone).toBeUndefined();
  });

  it("checks every topic without topicId", async () => {
    const body = (await kit.asAdmin("GET", "/api/test/pronunciation/existing")).json();
    expect(body.checked).toBe(5);
    expect(body.results.find((r: { word: string }) => r.word === "garden")).toMatchObject({
      topicId: otherId,
      status: "match",
    });
  });

  it.each([
    ["?topicId=abc", 400, "Please select a topic"],
    ["?topicId=0", 400, "Please select a topic"],
    ["?topicId=999999", 404, "Topic not found"],
  ])("refuses %s with %i", async (query, status, message) => {
    const response = await kit.asAdmin("GET", `/api/test/pronunciation/existing${query}`);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
  });
});

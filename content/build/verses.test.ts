import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_DIR } from "./library";
import { isPreciseReference, NAMED_TRANSLATIONS, passageKey } from "./verses";

describe("the named translations", () => {
  it("are each credited in content/CREDITS.json", () => {
    const credits = JSON.parse(readFileSync(path.join(CONTENT_DIR, "CREDITS.json"), "utf8")) as {
      sources: { id: string }[];
    };
    const ids = new Set(credits.sources.map((source) => source.id));
    for (const [translation, id] of Object.entries(NAMED_TRANSLATIONS))
      expect(ids, translation).toContain(id);
  });
});

describe("a precise reference", () => {
  it("gives chapter and verse, a numbered unit, or a number right after the work's name", () => {
    for (const reference of [
      "Psalm 23:1",
      "Likutei Moharan II:24",
      "Bodhicharyavatara 6.10",
      "Guru Granth Sahib, Ang 1 (Mul Mantar)",
      "Japji Sahib, Pauri 28",
      "Mumonkan, case 19 (Wumen's verse)",
      "Nahj al-Balagha, Saying 1",
      "Dhammapada 153-154",
      "Sahih al-Bukhari 6018",
      "Majjhima Nikaya 22 (Alagaddupama Sutta)",
      "Babylonian Talmud, Shabbat 31a",
      "Heart Sutra, p. 153 (SBE 49)",
      "Du'a Kumayl, opening line",
      "Ardas, closing line",
    ]) {
      expect(isPreciseReference(reference), reference).toBe(true);
    }
  });

  it("may name a prayer or poem short enough to be its own place", () => {
    expect(isPreciseReference("Trisagion hymn")).toBe(true);
    expect(isPreciseReference("Matsuo Basho, haiku (1686)")).toBe(true);
    expect(isPreciseReference("Diamond Sutra, chapter 32")).toBe(true);
  });

  it("is not a chapter of a long work, a collection, or a Guru's number", () => {
    for (const reference of [
      "Bodhicharyavatara, chapter 8",
      "Tanya, chapter 1",
      "Nahj al-Balagha, Sayings",
      "Sahih al-Bukhari (Virtues of the Companions)",
      "Guru Granth Sahib, Salok Mahalla 9 (Guru Tegh Bahadur)",
      "Heart Sutra",
      "Ardas (closing lines)",
    ]) {
      expect(isPreciseReference(reference), reference).toBe(false);
    }
  });
});

describe("the passage a reference points to", () => {
  it("is the work, chapter and first verse, whatever the description or range", () => {
    expect(passageKey("Ephesians 2:8-9")).toBe(passageKey("Ephesians 2:8"));
    expect(passageKey("Majjhima Nikaya 22 (Alagaddupama Sutta)")).toBe("majjhima nikaya 22");
  });

  it("is none for a page or an imprecise reference, whose quotations are compared by text", () => {
    expect(passageKey("Heart Sutra, p. 153 (SBE 49)")).toBeUndefined();
    expect(passageKey("Tanya, chapter 1")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { stressProblem } from "./lint";
import { pronounce, pronunciationCandidates, pronunciationSources, toHouseStyle } from "./pronunciation";

describe("pronounce", () => {
  it("reads heteronyms by part of speech", () => {
    expect(pronounce("survey", "noun")).toBe("/ˈsɝˌveɪ/");
    expect(pronounce("survey", "verb")).toBe("/sɚˈveɪ/");
    expect(pronounce("record", "noun")).toBe("/ˈrɛkɚd/");
    expect(pronounce("record", "verb")).toBe("/rəˈkɔrd/");
    for (const word of [
      "present",
      "conduct",
      "contract",
      "object",
      "progress",
      "project",
      "permit",
      "increase",
      "refund",
    ]) {
      const noun = pronounce(word, "noun")!;
      const verb = pronounce(word, "verb")!;
      expect(noun, word).not.toBe(verb);
      // The noun is stressed earlier than the verb.
      expect(noun.indexOf("ˈ"), word).toBeLessThan(verb.indexOf("ˈ"));
    }
    expect(pronounce("content", "adjective")).toBe("/kənˈtɛnt/");
    // Only real stress-shift pairs: CMUdict's other readings of other words are emphatic or weak variants.
    expect(pronounce("effect", "noun")).toBe("/ɪˈfɛkt/");
    expect(pronounce("museum", "noun")).toBe("/mjuˈziəm/");
    expect(pronounce("good", "adjective")).toBe("/ɡʊd/");
    // In a phrase, the word before a heteronym decides.
    expect(pronounce("off the record", "idiom")).toBe("/ˈɔf ðə ˈrɛkɚd/");
    expect(pronounce("conduct an audit", "verb")).toMatch(/^\/kɑnˈdʌkt/);
  });

  it("takes hand corrections of CMUdict's first-listed reading, stressed like any word of a phrase", () => {
    // CMUdict lists the cot vowel first for "cost" and "cause"; General American dictionaries give the thought vowel.
    expect(pronounce("cost center", "noun")).toBe("/ˈkɔst ˈsɛntɚ/");
    expect(pronounce("probable cause", "noun")).toBe("/ˈprɑbəbəl ˈkɔz/");
    // A function word with a one-syllable override stays weak.
    expect(pronounce("man doth not live by bread only")).toMatch(/ dʌθ /);
    // A verse whose heteronym CMUdict reads the other way is overridden as a whole phrase.
    expect(pronounce("Man shall not live by bread alone")).toContain("ˈlɪv");
  });

  it("gives every word of several syllables exactly one primary stress", () => {
    expect(pronounce("USB")).toBe("/ˌjuˌɛsˈbi/");
    expect(pronounce("grandmaster")).toBe("/ˈɡrændˌmæstɚ/");
    expect(pronounce("dislocation")).toBe("/dɪˌsloʊˈkeɪʃən/");
  });

  it("builds closed compounds from real parts, primary stress first", () => {
    expect(pronounce("offside")).toBe("/ˈɔfˌsaɪd/");
    expect(pronunciationSources("matchday")[0]!.source).toEqual({
      kind: "compound",
      parts: ["match", "day"],
    });
    // A suffix is not a compound part, and unknown foreign words are not split by chance.
    expect(pronunciationSources("gladness")[0]!.source?.kind).not.toBe("compound");
  });

  it("stresses each stressed word of a phrase and weakens function words", () => {
    expect(pronounce("rule of thumb", "phrase")).toBe("/ˈrul əv ˈθʌm/");
    expect(pronounce("take stock", "idiom")).toBe("/ˈteɪk ˈstɑk/");
    expect(pronounce("my cup runneth over", "phrase")).toMatch(/ˈrʌnəθ/);
  });

  it("reads King James -eth and -est forms as their verb plus an unstressed /əθ/ or /əst/, listed in CMUdict or not", () => {
    // CMUdict lists cometh with IH0, giveth with EH0 and taketh with AH0; the forms it lacks are derived.
    expect(pronounce("cometh")).toBe("/ˈkʌməθ/");
    expect(pronounce("giveth")).toBe("/ˈɡɪvəθ/");
    expect(pronounce("taketh")).toBe("/ˈteɪkəθ/");
    expect(pronounce("doeth")).toBe("/ˈduəθ/");
    expect(pronounce("what He doeth cometh to pass")).toBe("/ˈwʌt hi ˈduəθ ˈkʌməθ tə ˈpæs/");
    // A doubled consonant is undoubled before an e-form is tried: forget, not CMUdict's surname Forgette /fɚˈʒɛt/.
    expect(pronounce("forgetteth")).toBe("/fɚˈɡɛtəθ/");
    expect(pronounce("standest")).toBe("/ˈstændəst/");
    expect(pronounce("goest")).toBe("/ˈɡoʊəst/");
    // The superlative ending sounds the same, and words that merely end in the letters keep their own vowel.
    expect(pronounce("greatest")).toBe("/ˈɡreɪtəst/");
    expect(pronounce("teeth")).toBe("/tiθ/");
    expect(pronounce("shibboleth")).toBe("/ˈʃɪbəˌlɛθ/");
  });

  it("reads words CMUdict lacks from their stem, initialisms letter by letter, and numbers as words", () => {
    expect(pronounce("tinting")).toBe("/ˈtɪntɪŋ/");
    expect(pronounce("utilitarianism")).toBe("/juˌtɪləˈtɛriənɪzəm/");
    expect(pronounce("goeth")).toBe("/ˈɡoʊəθ/");
    expect(pronounce("justifieth")).toBe("/ˈdʒʌstəˌfaɪəθ/");
    expect(pronounce("NPC")).toBe("/ˌɛnˌpiˈsi/");
    expect(pronounce("Psalm 23", "noun")).toBe("/ˈsɑlm ˈtwɛnti ˈθri/");
    // Not a plural: the override says it.
    expect(pronounce("vagus")).toBe("/ˈveɪɡəs/");
  });

  it("prefers the hand-written overrides", () => {
    expect(pronounce("cloche")).toBe("/kloʊʃ/");
    expect(pronunciationSources("cloche")[0]!.source).toEqual({ kind: "override" });
  });

  it("writes only stress patterns the lint accepts", () => {
    for (const text of [
      "survey",
      "USB",
      "offside",
      "rule of thumb",
      "basis point",
      "cloche",
      "dislocation",
    ]) {
      expect(stressProblem(pronounce(text, "noun")!), text).toBeUndefined();
    }
  });

  it("writes CMUdict's readings in the house style of docs/pronunciation.md", () => {
    expect(pronounce("serene")).toBe("/səˈrin/");
    expect(pronounce("curriculum")).toBe("/kəˈrɪkjələm/");
    expect(pronounce("indignant")).toBe("/ɪnˈdɪɡnənt/");
    expect(pronounce("liberty")).toBe("/ˈlɪbɚti/");
    expect(pronounce("come to a head", "idiom")).toBe("/ˈkʌm tə ə ˈhɛd/");
    expect(pronounce("to each his own", "idiom")).toBe("/tu ˈitʃ hɪz ˈoʊn/");
    expect(toHouseStyle("/ˈɛərzɑːts/")).toBe("/ˈɛrzɑts/");
    expect(toHouseStyle("/gɜːrd/")).toBe("/ɡɝd/");
    expect(toHouseStyle("/ˈɪntər ˈeɪliə/")).toBe("/ˈɪntɚ ˈeɪliə/");
    // No secondary stress on the open last syllable of a two-syllable word; a compound's closed first part keeps it.
    expect(pronounce("guru")).toBe("/ˈɡuru/");
    expect(pronounce("veto")).toBe("/ˈvitoʊ/");
    expect(pronounce("offside")).toBe("/ˈɔfˌsaɪd/");
    expect(pronounce("sourdough")).toBe("/ˈsaʊɚˌdoʊ/");
    expect(pronounce("whatever")).toBe("/wətˈɛvɚ/");
  });

  it("lists every part-of-speech reading for checks that do not know it", () => {
    expect(pronunciationCandidates("survey")).toEqual(expect.arrayContaining(["/ˈsɝˌveɪ/", "/sɚˈveɪ/"]));
  });
});

import { describe, expect, it } from "vitest";
import {
  hasVerb,
  lintAcrossTopics,
  lintPronunciationVariants,
  lintTopic,
  stressProblem,
  type LintEntry,
  type Lexicon,
  type LintRule,
} from "./lint";
import { WordNet } from "./wordnet";

const wordnet = new WordNet();
const lexicon: Lexicon = {
  isVerb: (lemma) => wordnet.isVerb(lemma),
  isNoun: (lemma) => wordnet.isNoun(lemma),
  isKnown: (lemma) => wordnet.partsOfSpeech(lemma).length > 0,
};

const good: LintEntry = {
  word: "basis point",
  level: 3,
  partOfSpeech: "noun",
  definition:
    "One hundredth of one percentage point, the unit used to quote changes in interest rates and yields.",
  example: "The central bank raised its policy rate by 25 basis points on Wednesday.",
  note: 'Traders say "bips".',
  pronunciation: "/ˈbeɪsɪs pɔɪnt/",
  origin: undefined,
  reference: undefined,
  translation: undefined,
};

function rulesFor(entry: Partial<LintEntry>, topic = "finance", others: LintEntry[] = []): LintRule[] {
  return lintTopic(topic, [...others, { ...good, ...entry }], { profanityExempt: topic === "slang", lexicon })
    .filter((violation) => violation.word === (entry.word ?? good.word))
    .map((violation) => violation.rule);
}

describe("the content lint", () => {
  it("accepts the entry of content/AUTHORING.md", () => {
    expect(rulesFor({})).toEqual([]);
  });

  it("wants a definition that is one self-contained sentence without WordNet leftovers", () => {
    expect(rulesFor({ definition: "one hundredth of a percentage point." })).toContain("definition-sentence");
    expect(rulesFor({ definition: "One hundredth of a percentage point" })).toContain("definition-sentence");
    expect(rulesFor({ definition: `${"Very ".repeat(30)}long.` })).toContain("definition-length");
    expect(rulesFor({ definition: "(usually plural) A small unit of rates." })).toContain(
      "definition-wordnet-marker",
    );
    expect(rulesFor({ definition: "A unit of rates, as in `bips'." })).toContain("definition-wordnet-marker");
    expect(rulesFor({ definition: "(finance) A unit of rates." })).toContain("definition-wordnet-marker");
    expect(rulesFor({ definition: "A unit of rates; a hundredth of a percent." })).toContain(
      "definition-semicolon",
    );
  });

  it("finds definitions repeated within a topic", () => {
    const other = { ...good, word: "bip" };
    expect(rulesFor({}, "finance", [other])).toContain("definition-duplicate");
  });

  it("wants an example: a full sentence of six words or more that uses the headword", () => {
    expect(rulesFor({ example: undefined })).toContain("example-missing");
    expect(rulesFor({ example: "Rates rose 25 basis points." })).toContain("example-length");
    expect(rulesFor({ example: "the bank raised rates by 25 basis points" })).toContain("example-sentence");
    expect(rulesFor({ example: "A cut of 25 basis points in the spring." })).toContain("example-sentence");
    expect(rulesFor({ example: "The central bank raised its policy rate by a quarter point." })).toContain(
      "example-headword",
    );
  });

  it("keeps citations out of the example", () => {
    const verse = { word: "my cup runneth over", partOfSpeech: "phrase", reference: "Psalm 23:5" };
    expect(
      rulesFor({
        ...verse,
        example: "Thou anointest my head with oil; my cup runneth over (Psalm 23:5, KJV).",
      }),
    ).toContain("example-reference");
    expect(
      rulesFor({ ...verse, example: "Thou anointest my head with oil; my cup runneth over. — Psalm 23:5" }),
    ).toContain("example-reference");
    expect(
      rulesFor({
        ...verse,
        translation: "King James Version",
        example: "Thou anointest my head with oil; my cup runneth over.",
      }),
    ).toEqual([]);
  });

  it("finds profanity and stereotypes in any field, sparing reviewed words and the slang topic's vocabulary", () => {
    expect(rulesFor({ note: "Traders call it a shitty unit." })).toContain("profanity");
    expect(rulesFor({ note: "Traders call it a shitty unit." }, "slang")).not.toContain("profanity");
    expect(rulesFor({ example: "The Irish have a penchant for basis points in their jokes." })).toContain(
      "stereotype",
    );
    expect(rulesFor({ example: "He tried to jew him down by 25 basis points." })).toContain("stereotype");
    expect(rulesFor({ note: "A unit for quoting the welfare budget." })).not.toContain("profanity");
  });

  it("keeps the etymology out of the note, in a short origin", () => {
    expect(rulesFor({ note: 'From Latin basis, "foundation".' })).toContain("note-origin");
    expect(rulesFor({ note: 'Latin, "guilty act".' })).toContain("note-origin");
    expect(rulesFor({ note: "Coined by a bond trader in 1970." })).toContain("note-origin");
    expect(rulesFor({ note: "French meringue uses raw sugar." })).not.toContain("note-origin");
    expect(rulesFor({ origin: 'From Latin basis, "foundation".' })).toEqual([]);
    expect(rulesFor({ origin: `From ${"very ".repeat(30)}old Latin.` })).toContain("origin-shape");
    expect(rulesFor({ origin: "from Latin basis" })).toContain("origin-shape");
  });

  it("caps notes at 45 words", () => {
    expect(rulesFor({ note: `${"word ".repeat(46)}.` })).toContain("note-length");
  });

  it("wants a level and an allowed part of speech", () => {
    expect(rulesFor({ level: undefined })).toContain("level-missing");
    expect(rulesFor({ level: 4 })).toContain("level-missing");
    expect(rulesFor({ partOfSpeech: undefined })).toContain("part-of-speech-missing");
    expect(rulesFor({ partOfSpeech: "countable noun" })).toContain("part-of-speech-missing");
  });

  it("wants a verse's reference and translation together", () => {
    expect(rulesFor({ reference: "Psalm 23:5" })).toContain("verse-incomplete");
    expect(rulesFor({ translation: "King James Version" })).toContain("verse-incomplete");
    expect(rulesFor({ reference: "Psalm 23:5", translation: "King James Version" })).not.toContain(
      "verse-incomplete",
    );
  });

  it("wants every quotation to name a translation the app credits", () => {
    const verse = { word: "my cup runneth over", partOfSpeech: "phrase", reference: "Psalm 23:5" };
    expect(rulesFor({ ...verse, translation: "Sahih International" })).toContain("verse-translation-unnamed");
    expect(rulesFor({ ...verse, translation: "King James Version" })).not.toContain(
      "verse-translation-unnamed",
    );
  });

  describe("a verse topic's sources", () => {
    const verse = (word: string, reference: string, translation: string): LintEntry => ({
      ...good,
      word,
      partOfSpeech: "phrase",
      definition: `What ${word} teaches.`,
      example: `The faithful recite ${word} every day.`,
      reference,
      translation,
    });
    const topicRules = (topic: string, entries: LintEntry[]) =>
      lintTopic(topic, entries, { profanityExempt: false, lexicon }).map(
        (violation) => `${violation.word}: ${violation.rule}`,
      );
    const quoted = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        verse(`verse ${index}`, `Psalm ${index + 1}:1`, "King James Version"),
      );
    const paraphrased = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        verse(`saying ${index}`, `Sahih Muslim ${index + 1}`, "Jargon editors' paraphrase"),
      );

    it("keeps paraphrases to a third of the topic's quotations", () => {
      expect(topicRules("jewish_verses", [...quoted(6), ...paraphrased(3)])).toEqual([]);
      expect(topicRules("jewish_verses", [...quoted(6), ...paraphrased(4)])).toEqual([
        "jewish_verses: verse-paraphrase-share",
      ]);
    });

    it("wants a reference that says where in the work the quotation stands", () => {
      expect(
        topicRules("jewish_verses", [
          verse("hateful", "Babylonian Talmud, Shabbat 31a", "King James Version"),
        ]),
      ).toEqual([]);
      for (const reference of [
        "Tanya, chapter 1",
        "Nahj al-Balagha, Sayings",
        "Guru Granth Sahib, Salok Mahalla 9 (Guru Tegh Bahadur)",
      ]) {
        expect(
          topicRules("jewish_verses", [verse("a saying", reference, "King James Version")]),
          reference,
        ).toEqual(["a saying: verse-reference-imprecise"]);
      }
    });
  });

  it("checks stress marks word by word", () => {
    expect(stressProblem("/ˈbeɪsɪs pɔɪnt/")).toBeUndefined();
    expect(stressProblem("/ˈjuˈɛsˈbi/")).toMatch(/two primary/);
    expect(stressProblem("/beɪsɪs/")).toMatch(/no primary/);
    expect(stressProblem("/ˌhoʊli trəˈdɪʃən/")).toBeUndefined();
    expect(stressProblem("/ˌhoʊli ˌtrəˌdɪʃən/")).toMatch(/no primary stress anywhere/);
    expect(stressProblem("/kloʊʃ/")).toBeUndefined();
    expect(rulesFor({ pronunciation: "/ˌbeɪsɪs/" })).toContain("pronunciation-stress");
  });

  it("wants an IPA on every item, in the inventory of docs/pronunciation.md", () => {
    expect(rulesFor({ pronunciation: undefined })).toContain("pronunciation-missing");
    expect(rulesFor({ pronunciation: "/ˈbeɪsɪs pɔɪnt/" })).not.toContain("pronunciation-symbols");
    expect(rulesFor({ word: "GERD", pronunciation: "/gɝd/" })).toContain("pronunciation-symbols");
    expect(rulesFor({ word: "Die Brücke", pronunciation: "/di ˈbrʏkə/" })).toContain("pronunciation-symbols");
  });

  it("refuses CMUdict's quirks: ɚ before a vowel and a stressed lax prefix", () => {
    expect(rulesFor({ word: "serene", pronunciation: "/sɚˈin/" })).toContain("pronunciation-r-before-vowel");
    expect(rulesFor({ word: "serene", pronunciation: "/səˈrin/" })).not.toContain(
      "pronunciation-r-before-vowel",
    );
    expect(rulesFor({ word: "indignant", pronunciation: "/ˌɪnˈdɪɡnənt/" })).toContain(
      "pronunciation-prefix-stress",
    );
    expect(rulesFor({ word: "travel insurance", pronunciation: "/ˈtrævəl ˌɪnˈʃʊrəns/" })).toContain(
      "pronunciation-prefix-stress",
    );
    // A full-vowel prefix may keep its secondary stress, and so may a prefix further from the main stress.
    expect(rulesFor({ word: "unknown", pronunciation: "/ˌʌnˈnoʊn/" })).not.toContain(
      "pronunciation-prefix-stress",
    );
    expect(rulesFor({ word: "intervention", pronunciation: "/ˌɪntɚˈvɛnʃən/" })).not.toContain(
      "pronunciation-prefix-stress",
    );
  });

  it("refuses a secondary stress on a function-word first part before the main stress", () => {
    expect(rulesFor({ word: "whatever", pronunciation: "/ˌwʌˈtɛvɚ/" })).toContain(
      "pronunciation-function-prefix",
    );
    expect(
      rulesFor({ word: "love thy neighbour as thyself", pronunciation: "/ˈlʌv ðaɪ ˈneɪbɚ əz ˌðaɪˈsɛlf/" }),
    ).toContain("pronunciation-function-prefix");
    expect(rulesFor({ word: "whatever", pronunciation: "/wətˈɛvɚ/" })).not.toContain(
      "pronunciation-function-prefix",
    );
    // Other words may open with a secondary stress.
    expect(rulesFor({ word: "outsourcing", pronunciation: "/ˌaʊtˈsɔrsɪŋ/" })).not.toContain(
      "pronunciation-function-prefix",
    );
  });

  it("refuses a secondary stress on the open last syllable of a two-syllable word", () => {
    expect(rulesFor({ word: "guru", pronunciation: "/ˈɡuˌru/" })).toContain("pronunciation-final-secondary");
    expect(rulesFor({ word: "guru yoga", pronunciation: "/ˈɡuˌru ˈjoʊɡə/" })).toContain(
      "pronunciation-final-secondary",
    );
    expect(rulesFor({ word: "guru", pronunciation: "/ˈɡuru/" })).not.toContain(
      "pronunciation-final-secondary",
    );
    // A compound's second part keeps its stress.
    expect(rulesFor({ word: "offside", pronunciation: "/ˈɔfˌsaɪd/" })).not.toContain(
      "pronunciation-final-secondary",
    );
    expect(rulesFor({ word: "sourdough", pronunciation: "/ˈsaʊɚˌdoʊ/" })).not.toContain(
      "pronunciation-final-secondary",
    );
  });

  it("stresses a word in -ic(s) on the syllable before the ending, bar the dictionaries' exceptions", () => {
    expect(rulesFor({ word: "pedagogic", pronunciation: "/ˈpɛdəɡɑdʒɪk/" })).toContain(
      "pronunciation-ic-stress",
    );
    expect(rulesFor({ word: "pedagogic", pronunciation: "/ˌpɛdəˈɡɑdʒɪk/" })).not.toContain(
      "pronunciation-ic-stress",
    );
    expect(rulesFor({ word: "economics", pronunciation: "/ˈɛkəˌnɑmɪks/" })).toContain(
      "pronunciation-ic-stress",
    );
    expect(rulesFor({ word: "ethics", pronunciation: "/ˈɛθɪks/" })).not.toContain("pronunciation-ic-stress");
    expect(rulesFor({ word: "rhetoric", pronunciation: "/ˈrɛtərɪk/" })).not.toContain(
      "pronunciation-ic-stress",
    );
  });

  it("keeps American notation: no length marks, no British ɜ, ər or centring diphthongs", () => {
    expect(rulesFor({ word: "hygge", pronunciation: "/ˈhuːɡə/" })).toContain("pronunciation-length-mark");
    expect(rulesFor({ word: "GERD", pronunciation: "/ɡɜrd/" })).toContain("pronunciation-british");
    expect(rulesFor({ word: "SOFR", pronunciation: "/ˈsoʊfər/" })).toContain("pronunciation-british");
    expect(rulesFor({ word: "plein air", pronunciation: "/ˌpleɪn ˈɛər/" })).toContain(
      "pronunciation-british",
    );
    expect(rulesFor({ word: "SOFR", pronunciation: "/ˈsoʊfɚ/" })).not.toContain("pronunciation-british");
    // "ər" before a vowel and the diphthong before a schwa (/məˈsaɪə/) are American.
    expect(rulesFor({ word: "America", pronunciation: "/əˈmɛrəkə/" })).not.toContain("pronunciation-british");
    expect(rulesFor({ word: "messiah", pronunciation: "/məˈsaɪə/" })).not.toContain("pronunciation-british");
  });

  it("wants weak forms of function words inside a phrase", () => {
    expect(rulesFor({ word: "come to a head", pronunciation: "/ˈkʌm tu eɪ ˈhɛd/" })).toContain(
      "pronunciation-weak-form",
    );
    expect(rulesFor({ word: "come to a head", pronunciation: "/ˈkʌm tə ə ˈhɛd/" })).not.toContain(
      "pronunciation-weak-form",
    );
    // "to" before a full vowel, and a stranded word at the end, keep their strong forms.
    expect(rulesFor({ word: "to each his own", pronunciation: "/tu ˈitʃ hɪz ˈoʊn/" })).not.toContain(
      "pronunciation-weak-form",
    );
    expect(rulesFor({ word: "come to", pronunciation: "/ˈkʌm ˈtu/" })).not.toContain(
      "pronunciation-weak-form",
    );
  });

  it("wants one transcription per headword across topics unless its senses differ in sound", () => {
    const entry = (topic: string, word: string, pronunciation: string) => ({ topic, word, pronunciation });
    const variants = lintPronunciationVariants([
      entry("academic", "de facto", "/də ˈfæktoʊ/"),
      entry("legal", "de facto", "/ˌdeɪ ˈfæktoʊ/"),
      entry("science", "acid", "/ˈæsəd/"),
      entry("technology", "ACID", "/ˈæsɪd/"),
      // Listed heteronyms: the noun and the verb "record", the chemist's "mole" and the Mexican sauce.
      entry("science", "record", "/ˈrɛkɚd/"),
      entry("business", "record", "/rəˈkɔrd/"),
      entry("science", "mole", "/moʊl/"),
      entry("food", "mole", "/ˈmoʊleɪ/"),
      // A heteronym written in a form it does not list.
      entry("gardening", "mole", "/ˈmoʊli/"),
    ]);
    expect(variants.map((violation) => `${violation.topic}/${violation.word}`)).toEqual([
      "legal/de facto",
      "technology/ACID",
      "gardening/mole",
    ]);
  });

  it("keeps a headword's text and a quotation in one topic unless both need it", () => {
    const text = (topic: string, word: string, definition: string, example: string, reference?: string) => ({
      topic,
      word,
      definition,
      example,
      reference,
    });
    const violations = lintAcrossTopics([
      text("medical", "prognosis", "The likely course of a disease.", "The prognosis was guarded."),
      text("health", "prognosis", "The likely course of a disease.", "Ask your doctor about the outlook."),
      text("health", "triage", "Sorting patients by urgency.", "Triage put her first in line."),
      text("medical", "triage", "Allocating care by acuity and resources.", "Triage put her first in line."),
      // A shared passage (verses.ts SHARED_PASSAGES): the psalm both Jewish topics need.
      text(
        "jewish_verses",
        "sow in tears",
        "A psalm of return.",
        "They that sow in tears shall reap in joy.",
        "Psalm 126:5",
      ),
      text(
        "hasidic_verses",
        "sow in tears",
        "The Hasidic reading.",
        "They that sow in tears shall reap in joy.",
        "Psalm 126:5",
      ),
      // The same passage in another translation is still a repeat, and so is a verse range that starts there.
      text("christian_verses", "the Word", "John's prologue.", "In the beginning was the Word.", "John 1:1"),
      text(
        "catholic_verses",
        "the Word",
        "The Mass's last Gospel.",
        "In the beginning was the Word: and the Word was with God.",
        "John 1:1-2",
      ),
      // A shared passage is shared only by the topics it names.
      text(
        "protestant_verses",
        "sow in tears",
        "A psalm.",
        "They that sow in tears shall reap in joy.",
        "Psalm 126:5",
      ),
    ]);
    expect(
      violations.map((violation) => `${violation.topic}/${violation.word}: ${violation.detail}`),
    ).toEqual([
      "health/prognosis: same definition as in medical",
      "medical/triage: same example as in health",
      "catholic_verses/the Word: same passage (john 1:1) as in christian_verses",
      "protestant_verses/sow in tears: same passage (psalm 126:5) as in jewish_verses",
    ]);
  });

  it("tells sentences from verbless fragments", () => {
    expect(hasVerb("The loan is amortized over ten years.", lexicon)).toBe(true);
    expect(hasVerb("Citizens choose their leaders in free elections.", lexicon)).toBe(true);
    expect(hasVerb("Finely chop a shallot for the sauce.", lexicon)).toBe(true);
    expect(hasVerb("My cup runneth over.", lexicon)).toBe(true);
    expect(hasVerb("The revolution overthrew the monarchy.", lexicon)).toBe(true);
    expect(hasVerb("A diet high in protein.", lexicon)).toBe(false);
    expect(hasVerb("The ratification of the treaty.", lexicon)).toBe(false);
  });
});

/**
 * How a verse is sourced (content/AUTHORING.md, "Verses"; issue 27): the translations a quotation may name, what
 * makes its reference precise, and how much of a verse topic may be the editors' own paraphrase. lint.ts reports
 * what breaks these rules; docs/content-library.md ("Verse sources") records how each topic came to meet them.
 */

/** The label of a quotation worded by the Jargon editors rather than quoted from a published translation. */
export const PARAPHRASE = "Jargon editors' paraphrase";

/** A verse topic may be at most this share paraphrase; the rest quotes public-domain translations verbatim. */
export const MAX_PARAPHRASE_SHARE = 1 / 3;

/**
 * Every translation a verse may name, with the id of its entry in content/CREDITS.json (the credits and licences
 * pages show that entry), so that a quotation always names a source the app credits.
 */
export const NAMED_TRANSLATIONS: Readonly<Record<string, string>> = {
  "King James Version": "kjv",
  "JPS Tanakh 1917": "jps1917",
  "Douay-Rheims Bible": "douay-rheims",
  "Pickthall (1930)": "pickthall",
  "Max Müller (1881)": "muller-dhammapada",
  "Max Müller (1879)": "muller-upanishads",
  "Max Müller (1884)": "muller-upanishads",
  "Annie Besant (1922 ed.)": "besant-gita",
  "Macauliffe (1909)": "macauliffe",
  "Fausbøll (1881)": "fausboll-sutta-nipata",
  "Kaiten Nukariya (1913)": "nukariya-religion-of-the-samurai",
  "D. T. Suzuki (1906)": "suzuki-forty-two-chapters",
  "Max Müller (1894)": "muller-mahayana",
  "L. D. Barnett (1909)": "barnett-path-of-light",
  [PARAPHRASE]: "jargon-editors",
};

// A place inside the work: chapter:verse (Psalm 23:1, Bhagavad Gita 2:47, Likutei Moharan II:24), a numbered unit
// (Ang 1, Pauri 28, case 19, saying 1, sermon 1, supplication 20), a page of the edition quoted (Heart Sutra, p. 153
// (SBE 49), for a text printed without verse numbers), or a number right after the work's name
// (Dhammapada 183, Sahih al-Bukhari 6018, Majjhima Nikaya 22 (Alagaddupama Sutta), Shabbat 31a), or the opening
// or closing line of a prayer printed without line numbers (Du'a Kumayl, opening line; Ardas, closing line: a text
// has one first and one last line); "Mahalla 9" names the ninth Guru, not a place.
const LOCATOR = new RegExp(
  [
    String.raw`(?:\d+|\b[IVX]+):\d+`,
    String.raw`\d+\.\d+`,
    String.raw`\bp\.\s\d+`,
    String.raw`\b(?:ang|pauri|case|verses?|sayings?|sermon|letter|supplication|hymn|slok|sutta|section|stanza|ashtapadi)\s+\d+`,
    String.raw`(?<!\bMahalla)(?<=[\p{L}'’])\s\d+[ab]?(?:-\d+)?(?:\s*\([^)]*\))?$`,
    String.raw`,\s(?:opening|closing)\sline$`,
  ].join("|"),
  "iu",
);

/**
 * Works cited by their whole text or by a chapter as short as a verse: naming them is already precise. A prayer or
 * hymn of a few lines (the Trisagion is one sentence), a haiku, and the Diamond Sutra, whose 32 sections are each a
 * paragraph and are how every edition cites it.
 */
const WHOLE_TEXT_REFERENCES: readonly RegExp[] = [
  /^The Jesus Prayer\b/,
  /^Trisagion hymn$/,
  /^Paschal troparion$/,
  /^Axion Estin\b/,
  /^Phos Hilaron\b/,
  /^Cherubic Hymn\b/,
  /^Divine Liturgy of Saint John Chrysostom, hymn after Communion$/,
  /^Prayer of Saint Ephrem the Syrian$/,
  /^Prayer to the Holy Spirit\b/,
  /^Four Immeasurables prayer\b/,
  /^Seven-Line Prayer to Guru Rinpoche$/,
  /^Migtsema\b/,
  /^Four Dharmas of Gampopa$/,
  /^Dedication of merit\b/,
  /^Refuge and bodhicitta prayer\b/,
  /^Four Great Vows\b/,
  /^Four-line verse attributed to Bodhidharma$/,
  /^Matsuo Basho, haiku \(\d{4}\)$/,
  /^Dohra recited after Ardas$/,
  /^Diamond Sutra, chapter \d+$/,
];

/** Whether a reference says where in its work the quotation stands (or names a text short enough to need no more). */
export function isPreciseReference(reference: string): boolean {
  const text = reference.trim();
  if (/\bchapter \d+$/i.test(text) && !WHOLE_TEXT_REFERENCES.some((work) => work.test(text))) return false;
  return LOCATOR.test(text) || WHOLE_TEXT_REFERENCES.some((work) => work.test(text));
}

/**
 * The passage a precise reference points to, for telling when two topics quote the same one (whatever the
 * translation): the work, chapter and first verse, without a trailing description ("Ephesians 2:8-9" and
 * "Ephesians 2:8" are one passage). An imprecise reference or a page names no one passage; only its text can repeat.
 */
export function passageKey(reference: string): string | undefined {
  // A page holds several passages: only the text tells whether two quotations from it repeat.
  if (!isPreciseReference(reference) || /\bp\.\s\d+/.test(reference)) return undefined;
  return reference
    .trim()
    .replace(/\s*\([^)]*\)$/, "")
    .replace(/-\d+[ab]?$/, "")
    .toLowerCase();
}

/**
 * Passages two topics both quote because each tradition reads them in its own way (the definitions say which
 * reading); any other passage appears in one topic only (the duplicate-across-topics rule).
 */
export const SHARED_PASSAGES: readonly {
  reference: string;
  topics: readonly [string, string];
  why: string;
}[] = [
  ...["Psalm 126:5", "Psalm 16:8", "Psalm 118:24", "Psalm 150:6", "Psalm 100:2", "Psalm 34:15"].map(
    (reference) => ({
      reference,
      topics: ["jewish_verses", "hasidic_verses"] as const,
      why: "a psalm of the liturgy that Hasidic teachers made a motto of service (joy, equanimity, the two paths)",
    }),
  ),
  {
    reference: "Deuteronomy 6:5",
    topics: ["jewish_verses", "hasidic_verses"],
    why: "the Shema's command, recited daily, and the ground of the Hasidic teaching on the love of God",
  },
  {
    reference: "Isaiah 6:3",
    topics: ["jewish_verses", "hasidic_verses"],
    why: "the Kedushah of the Amidah, and the Hasidic proof that no place is empty of God",
  },
  {
    reference: "Ephesians 2:8",
    topics: ["christian_verses", "protestant_verses"],
    why: "general Christian teaching on grace, and the text of sola gratia",
  },
  {
    reference: "Qur'an 5:3",
    topics: ["islamic_verses", "shia_verses"],
    why: "the completion of the religion, which Shia Islam reads as revealed at Ghadir Khumm",
  },
  {
    reference: "Qur'an 4:59",
    topics: ["sunni_verses", "shia_verses"],
    why: "the verse of obedience: Sunni law reads 'those in authority' as rulers and scholars, Shia exegesis as the Imams",
  },
  ...["Matthew 26:26", "Luke 22:19"].map((reference) => ({
    reference,
    topics: ["christian_verses", "catholic_verses"] as const,
    why: "the words of institution: the Lord's Supper for Christians, and in the Douay wording the Mass's consecration",
  })),
  ...["John 6:56", "1 Corinthians 10:16"].map((reference) => ({
    reference,
    topics: ["catholic_verses", "orthodox_verses"] as const,
    why: "a text of the Real Presence, read in each Church's own Eucharistic teaching and translation",
  })),
  {
    reference: "John 1:29",
    topics: ["christian_verses", "catholic_verses"],
    why: "the Lamb of God: the Agnus Dei for all Christians, and the priest's words showing the host at Mass",
  },
  {
    reference: "Luke 2:14",
    topics: ["christian_verses", "catholic_verses"],
    why: "the Gloria, whose Catholic text follows the Douay-Vulgate reading 'men of good will'",
  },
  {
    reference: "1 John 4:8",
    topics: ["christian_verses", "catholic_verses"],
    why: "'God is love', and in the Douay wording 'God is charity', Deus caritas est, title of an encyclical",
  },
  {
    reference: "1 Peter 2:9",
    topics: ["protestant_verses", "catholic_verses"],
    why: "the priesthood of all believers for Protestants, the common priesthood of the faithful for Catholics",
  },
  {
    reference: "Matthew 5:8",
    topics: ["orthodox_verses", "catholic_verses"],
    why: "purity of heart: Orthodox purification and illumination, and the Catechism's sixth Beatitude",
  },
  {
    reference: "Luke 18:13",
    topics: ["orthodox_verses", "catholic_verses"],
    why: "the publican's prayer: a root of the Orthodox Jesus Prayer, and the Catholic model of contrition",
  },
  {
    reference: "Matthew 28:20",
    topics: ["christian_verses", "catholic_verses"],
    why: "Christ's promise to stay with his Church, which Catholic teaching reads as the Church's indefectibility",
  },
];

/** Whether two topics may both quote the passage (SHARED_PASSAGES). */
export function isSharedPassage(reference: string | undefined, topic: string, otherTopic: string): boolean {
  const key = reference === undefined ? undefined : passageKey(reference);
  return SHARED_PASSAGES.some(
    (shared) =>
      passageKey(shared.reference) === key &&
      shared.topics.includes(topic) &&
      shared.topics.includes(otherTopic),
  );
}

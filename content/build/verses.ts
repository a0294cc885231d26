/**
 * How a verse is sourced (content/AUTHORING.md, "Verses"; issue 27): the translations a quotation may name, what
 * makes its reference precise, and how much of a verse topic may be the editors' own paraphrase. lint.ts reports
 * what breaks these rules; docs/content-library.md ("Verse sources") lists what is still owed and why.
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
  [PARAPHRASE]: "jargon-editors",
};

// A place inside the work: chapter:verse (Psalm 23:1, Bhagavad Gita 2:47, Likutei Moharan II:24), a numbered unit
// (Ang 1, Pauri 28, case 19, saying 1, sermon 1, supplication 20), or a number right after the work's name
// (Dhammapada 183, Sahih al-Bukhari 6018, Majjhima Nikaya 22 (Alagaddupama Sutta), Shabbat 31a); "Mahalla 9" names
// the ninth Guru, not a place.
const LOCATOR = new RegExp(
  [
    String.raw`(?:\d+|\b[IVX]+):\d+`,
    String.raw`\d+\.\d+`,
    String.raw`\b(?:ang|pauri|case|verses?|sayings?|sermon|letter|supplication|hymn|slok|sutta|section|stanza|ashtapadi)\s+\d+`,
    String.raw`(?<!\bMahalla)(?<=[\p{L}'’])\s\d+[ab]?(?:-\d+)?(?:\s*\([^)]*\))?$`,
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
 * What is still owed, per topic, where no public-domain text could be read here to fix it (docs/content-library.md,
 * "Verse sources", says why for each): the most paraphrases and imprecise references the topic may keep. The lint
 * fails when a topic exceeds its allowance, and also when it has fewer than allowed, so that the allowance shrinks
 * with every fix and disappears once the topic meets the rule.
 */
export const VERSE_ALLOWANCES: Readonly<
  Record<string, { paraphrases?: number; impreciseReferences?: number }>
> = {
  sikh_verses: { impreciseReferences: 30 },
  sunni_verses: { paraphrases: 51 },
  shia_verses: { paraphrases: 44, impreciseReferences: 31 },
  tibetan_buddhist: { paraphrases: 80, impreciseReferences: 48 },
  zen_buddhist: { paraphrases: 80, impreciseReferences: 35 },
  orthodox_verses: { impreciseReferences: 1 },
  buddhist: { impreciseReferences: 2 },
  hasidic_verses: { impreciseReferences: 2 },
};

/**
 * Ethnic and national stereotypes that a word-by-word profanity list cannot see: each word is harmless, the
 * sentence is not ("The Irish have a penchant for blarney" came from a WordNet example). Two kinds:
 * idioms that are themselves ethnic slurs, and sentences that generalise about a whole people.
 */
const PEOPLES = [
  "irish",
  "french",
  "english",
  "british",
  "dutch",
  "chinese",
  "japanese",
  "scots",
  "scotch",
  "scottish",
  "welsh",
  "swiss",
  "germans",
  "italians",
  "mexicans",
  "arabs",
  "africans",
  "asians",
  "indians",
  "russians",
  "poles",
  "turks",
  "greeks",
  "americans",
  "canadians",
  "spaniards",
  "jews",
  "gypsies",
  "blacks",
  "whites",
  "orientals",
].join("|");

const PATTERNS: { pattern: RegExp; why: string }[] = [
  {
    pattern: new RegExp(
      `\\b(?:the\\s+)?(?:${PEOPLES})\\s+(?:are|is|were|have|has|always|never|all|tend|love|hate|cannot|can't)\\b`,
      "i",
    ),
    why: "generalises about a people",
  },
  { pattern: /\bindian\s+givers?\b/i, why: "ethnic slur idiom" },
  { pattern: /\bjew(?:ed|ing|s)?\s+(?:\w+\s+)?down\b/i, why: "ethnic slur idiom" },
  { pattern: /\bgyp(?:s|ped|ping)?\b/i, why: "ethnic slur (from 'gypsy')" },
  { pattern: /\bwelsh(?:ed|ing|es)?\s+on\b/i, why: "ethnic slur idiom" },
  { pattern: /\bchinam[ae]n\b/i, why: "ethnic slur" },
  { pattern: /\b(?:red\s+indians?|redskins?)\b/i, why: "ethnic slur" },
  { pattern: /\bpaddy\s+wagons?\b/i, why: "ethnic slur idiom" },
  { pattern: /\bdutch\s+courage\b/i, why: "national stereotype idiom" },
  { pattern: /\bsavages\b/i, why: "dehumanising term for peoples" },
];

/** Why the text carries an ethnic or national stereotype, or undefined when it does not. */
export function stereotypeFlag(text: string): string | undefined {
  for (const { pattern, why } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return `"${match[0]}": ${why}`;
  }
  return undefined;
}

/**
 * The text rules of content/AUTHORING.md, checked on every built entry. `npm run content:build` fails when any
 * rule is broken (set CONTENT_LINT=warn to write the library anyway while inspecting locally), and
 * `npm run content:report` counts the violations per rule.
 */
import { containsHeadword, irregularBase, normalizeText, stem, tokenize } from "./inflection";
import { profaneWordsIn } from "./profanity";
import { stereotypeFlag } from "./stereotypes";
import { OPEN_FINAL_SECONDARY } from "./pronunciation";
import { PARTS_OF_SPEECH } from "@shared/constants";
import {
  isPreciseReference,
  MAX_PARAPHRASE_SHARE,
  NAMED_TRANSLATIONS,
  PARAPHRASE,
  isSharedPassage,
  passageKey,
} from "./verses";

export const LINT_RULES = [
  /** The curated entry does not have the shape AUTHORING.md describes (unknown field, wrong type). */
  "entry-shape",
  /** Capital first, full stop (or ? !) last. */
  "definition-sentence",
  /** More than 30 words. */
  "definition-length",
  /** WordNet's "(usually plural)", backtick quotes or a leading "(law)"-style parenthetical. */
  "definition-wordnet-marker",
  /** A semicolon chains two definitions into one. */
  "definition-semicolon",
  /** The same definition as another entry of the topic. */
  "definition-duplicate",
  "example-missing",
  /** Fewer than 6 words. */
  "example-length",
  /** Not a full sentence: no capital, no closing punctuation, or no verb. */
  "example-sentence",
  /** Neither the headword nor an inflection of it. */
  "example-headword",
  /** A citation such as "(Quran 3:97, Pickthall)" inside the example: it belongs in `reference`/`translation`. */
  "example-reference",
  /** A word `cuss` rates profane (or possibly profane and not reviewed) in any field; slang is exempt. */
  "profanity",
  /** An ethnic or national stereotype or slur idiom in any field (no exemption). */
  "stereotype",
  /** More than 45 words. */
  "note-length",
  /** The note opens with an etymology ("From Latin …", "Sanskrit, …"): that belongs in `origin`. */
  "note-origin",
  /** The origin is longer than 30 words or is not a sentence. */
  "origin-shape",
  /** No level 1–3, even after derivation. */
  "level-missing",
  /** No part of speech from the allowed list, even after derivation. */
  "part-of-speech-missing",
  /** A quotation with a reference but no translation, or the other way round. */
  "verse-incomplete",
  /** A translation the app does not credit: name one of verses.ts's NAMED_TRANSLATIONS (or the paraphrase label). */
  "verse-translation-unnamed",
  /** A reference without a place in its work (verse, Ang, pauri, case, saying number). */
  "verse-reference-imprecise",
  /** More than a third of a verse topic's quotations are the editors' paraphrase. */
  "verse-paraphrase-share",
  /** Two primary stresses in one word, or a word of several syllables without one. */
  "pronunciation-stress",
  /** No IPA at all: every item carries one (docs/pronunciation.md). */
  "pronunciation-missing",
  /** A character outside the broad General American inventory of docs/pronunciation.md. */
  "pronunciation-symbols",
  /** Unstressed /ɚ/ before a vowel (CMUdict's /sɚˈin/): the r starts the next syllable, /səˈrin/. */
  "pronunciation-r-before-vowel",
  /** A secondary stress on a one-syllable prefix with a lax vowel right before the main stress (/ˌɪnˈdɪɡnənt/). */
  "pronunciation-prefix-stress",
  /**
   * A secondary stress right before the main stress on a first part that is a function word (what-, how-, my-,
   * thy-, one- of -ever, -soever, -self, -selves): /ˌwʌˈtɛvɚ/ for /wətˈɛvɚ/, /ˌmaɪˈsɛlf/ for /maɪˈsɛlf/.
   */
  "pronunciation-function-prefix",
  /** A secondary stress on the open last syllable of a two-syllable word after an open first one (/ˈɡuˌru/). */
  "pronunciation-final-secondary",
  /** A word in -ic or -ics not stressed on the syllable before the ending (/ˈpɛdəɡɑdʒɪk/ for pedagogic). */
  "pronunciation-ic-stress",
  /** A length mark ː: American transcriptions mark no length. */
  "pronunciation-length-mark",
  /** British notation mixed in: ɜ, ɒ, "ər" before a consonant or at the end, or the centring diphthongs ɛə/ɪə/ʊə. */
  "pronunciation-british",
  /** A function word inside a phrase in its strong form (/tu eɪ/ in "come to a head"). */
  "pronunciation-weak-form",
  /** The same headword transcribed differently in another topic, unless both are forms of a listed heteronym. */
  "pronunciation-variant",
  /** Another topic has the same headword with the same definition, or the same example or quotation. */
  "duplicate-across-topics",
] as const;
export type LintRule = (typeof LINT_RULES)[number];

export const MAX_DEFINITION_WORDS = 30;
export const MIN_EXAMPLE_WORDS = 6;
export const MAX_NOTE_WORDS = 45;
export const MAX_ORIGIN_WORDS = 30;

const LANGUAGES =
  "Latin|Greek|Ancient Greek|Koine Greek|Hebrew|Aramaic|Arabic|Persian|Sanskrit|Pali|Punjabi|Hindi|Tibetan|Chinese|" +
  "Japanese|Korean|French|Old French|German|Italian|Spanish|Portuguese|Dutch|Yiddish|Old English|Middle English|" +
  "Old Norse|Norse|Turkish|Russian|Swedish|Danish|Norwegian|Malay|Nahuatl|Quechua|Hawaiian|Afrikaans|Scots|Irish";
/**
 * A note that opens with where the word comes from: "From Latin adventus …", "Sanskrit, 'non-harm'.", "Latin for
 * …", "Greek kenosis, 'emptying'", "Coined by …", "Literally …", "Named after …".
 */
export const ETYMOLOGY_OPENING = new RegExp(
  `^(?:From (?:the )?(?:${LANGUAGES})\\b|(?:${LANGUAGES})(?:,| for\\b| [\\p{L}'’-]+,)|Coined\\b|Literally\\b|Named (?:after|for)\\b)`,
  "u",
);

export interface LintEntry {
  word: string;
  level: number | undefined;
  partOfSpeech: string | undefined;
  definition: string;
  example: string | undefined;
  note: string | undefined;
  origin: string | undefined;
  pronunciation: string | undefined;
  reference: string | undefined;
  translation: string | undefined;
}

export interface Violation {
  topic: string;
  word: string;
  rule: LintRule;
  detail: string;
}

/** Which parts of speech a lemma can be (WordNet's indexes); used to tell a sentence from a verbless fragment. */
export interface Lexicon {
  isVerb(lemma: string): boolean;
  isNoun(lemma: string): boolean;
  /** In WordNet at all; an unknown word before a verb is most likely a name ("Sojiji share"). */
  isKnown(lemma: string): boolean;
}

export interface LintOptions {
  /** The slang topic is informal by design: its words are reviewed by a person instead of by `cuss`. */
  profanityExempt: boolean;
  lexicon: Lexicon;
}

/** Every violation in one topic's entries. */
export function lintTopic(topic: string, entries: LintEntry[], options: LintOptions): Violation[] {
  const violations: Violation[] = [];
  const definitionOwner = new Map<string, string>();
  for (const entry of entries) {
    const add = (rule: LintRule, detail: string) =>
      violations.push({ topic, word: entry.word, rule, detail });
    lintDefinition(entry.definition, add);
    const definitionKey = tokenize(entry.definition).join(" ");
    const owner = definitionOwner.get(definitionKey);
    if (owner !== undefined) add("definition-duplicate", `same definition as "${owner}"`);
    else definitionOwner.set(definitionKey, entry.word);

    if (!entry.example?.trim()) add("example-missing", "no example sentence");
    else lintExample(entry, entry.example, options.lexicon, add);

    if (entry.note !== undefined && wordCount(entry.note) > MAX_NOTE_WORDS) {
      add("note-length", `${wordCount(entry.note)} words (at most ${MAX_NOTE_WORDS})`);
    }
    if (entry.note !== undefined && ETYMOLOGY_OPENING.test(entry.note)) {
      add("note-origin", "the note opens with an etymology: move it to origin");
    }
    if (entry.origin !== undefined) {
      const words = wordCount(entry.origin);
      if (words > MAX_ORIGIN_WORDS) add("origin-shape", `${words} words (at most ${MAX_ORIGIN_WORDS})`);
      if (!isSentenceShaped(entry.origin))
        add("origin-shape", "must start with a capital and end with a full stop");
    }
    const fields: [string, string | undefined][] = [
      ["word", entry.word],
      ["definition", entry.definition],
      ["example", entry.example],
      ["note", entry.note],
      ["origin", entry.origin],
    ];
    for (const [field, text] of fields) {
      if (!text) continue;
      if (!options.profanityExempt) {
        const words = profaneWordsIn(text);
        if (words.length > 0) add("profanity", `${field}: ${words.join(", ")}`);
      }
      const stereotype = stereotypeFlag(text);
      if (stereotype) add("stereotype", `${field}: ${stereotype}`);
    }
    if (entry.level !== 1 && entry.level !== 2 && entry.level !== 3) {
      add(
        "level-missing",
        entry.level === undefined ? "no level" : `level ${String(entry.level)} is not 1, 2 or 3`,
      );
    }
    if (!entry.partOfSpeech || !(PARTS_OF_SPEECH as readonly string[]).includes(entry.partOfSpeech)) {
      add(
        "part-of-speech-missing",
        entry.partOfSpeech
          ? `"${entry.partOfSpeech}" is not one of ${PARTS_OF_SPEECH.join(", ")}`
          : "none given",
      );
    }
    if (Boolean(entry.reference?.trim()) !== Boolean(entry.translation?.trim())) {
      add(
        "verse-incomplete",
        entry.reference ? "reference without translation" : "translation without reference",
      );
    }
    if (entry.translation && !Object.hasOwn(NAMED_TRANSLATIONS, entry.translation)) {
      add("verse-translation-unnamed", `"${entry.translation}" is not a translation the app credits`);
    }
    if (entry.pronunciation) {
      const problem = stressProblem(entry.pronunciation);
      if (problem) add("pronunciation-stress", `${entry.pronunciation}: ${problem}`);
      for (const { rule, detail } of notationProblems(entry.word, entry.pronunciation)) {
        add(rule, `${entry.pronunciation}: ${detail}`);
      }
    } else {
      add("pronunciation-missing", "no IPA: write one by docs/pronunciation.md");
    }
  }
  violations.push(...lintVerseSources(topic, entries));
  return violations;
}

/** The topic-wide verse rules: every reference precise, and paraphrases under a third. */
function lintVerseSources(topic: string, entries: LintEntry[]): Violation[] {
  const violations: Violation[] = [];
  const verses = entries.filter((entry) => entry.reference && entry.translation);
  for (const entry of verses.filter((verse) => !isPreciseReference(verse.reference!))) {
    violations.push({
      topic,
      word: entry.word,
      rule: "verse-reference-imprecise",
      detail: `"${entry.reference!}": give the verse, Ang, pauri, case or saying number`,
    });
  }
  const paraphrases = verses.filter((entry) => entry.translation === PARAPHRASE).length;
  if (paraphrases > verses.length * MAX_PARAPHRASE_SHARE) {
    violations.push({
      topic,
      word: topic,
      rule: "verse-paraphrase-share",
      detail: `${paraphrases}/${verses.length} verses are paraphrases, more than a third`,
    });
  }
  return violations;
}

function lintDefinition(definition: string, add: (rule: LintRule, detail: string) => void): void {
  if (!isSentenceShaped(definition))
    add("definition-sentence", "must start with a capital and end with a full stop");
  const words = wordCount(definition);
  if (words > MAX_DEFINITION_WORDS)
    add("definition-length", `${words} words (at most ${MAX_DEFINITION_WORDS})`);
  const marker = wordnetMarker(definition);
  if (marker) add("definition-wordnet-marker", marker);
  if (definition.includes(";")) add("definition-semicolon", "split it or rephrase without ';'");
}

function lintExample(
  entry: LintEntry,
  example: string,
  lexicon: Lexicon,
  add: (rule: LintRule, detail: string) => void,
): void {
  const words = wordCount(example);
  if (words < MIN_EXAMPLE_WORDS) add("example-length", `${words} words (at least ${MIN_EXAMPLE_WORDS})`);
  // A noun or adjective headword is not the sentence's verb ("A rise of 25 basis points." has none), even when
  // WordNet also lists it as a verb; an idiom's verb ("took stock") is.
  const headwordIsVerbless = entry.partOfSpeech === "noun" || entry.partOfSpeech === "adjective";
  const ignored = headwordIsVerbless ? new Set(tokenize(entry.word).map(stem)) : new Set<string>();
  if (!isSentenceShaped(example)) add("example-sentence", "must start with a capital and end with . ! or ?");
  else if (!hasVerb(example, lexicon, ignored))
    add("example-sentence", "no verb: a fragment, not a sentence");
  const citation = CITATION.exec(example)?.[0];
  if (citation) add("example-reference", `"${citation}" belongs in the reference and translation fields`);
  if (!containsHeadword(example, entry.word)) {
    add("example-headword", `does not use "${entry.word}" or an inflection of it`);
  }
}

// "(Quran 3:97, Pickthall)", "(Dhammapada 183)", "— Psalm 23:1": a book name and a chapter or verse number.
const CITATION =
  /\(\s*(?:[1-3]\s)?[A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*)*\.?\s\d+(?:[:.]\d+)?[^)]*\)|[—–]\s*(?:[1-3]\s)?[A-Z][a-z'’]+(?:\s[A-Z][a-z'’]+)*\s\d+:\d+/;

export function wordCount(text: string): number {
  return text
    .trim()
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Capital (or digit, or opening quote before one) first; . ! ? last, possibly inside a closing quote or bracket. */
export function isSentenceShaped(text: string): boolean {
  const trimmed = text.trim();
  return /^["“'‘(]?[\p{Lu}\p{N}]/u.test(trimmed) && /[.!?]["”'’)]?$/.test(trimmed);
}

/** The leftovers of a WordNet gloss that a reader should never see. */
export function wordnetMarker(definition: string): string | undefined {
  if (
    /\((?:usually|often|sometimes|especially)\s+(?:plural|singular|capitalized|followed by)[^)]*\)/i.test(
      definition,
    )
  ) {
    return 'a WordNet usage marker such as "(usually plural)"';
  }
  if (/`/.test(definition)) return "WordNet's backtick quotes";
  if (/^\s*\(/.test(definition)) return "a leading parenthetical (a WordNet domain label)";
  return undefined;
}

// Auxiliaries, modals and copulas: a sentence with one of these has a finite verb.
const AUXILIARIES = new Set(
  (
    "am is are was were be been being 's 're 'm has have had having do does did can could will would shall " +
    "should may might must ought dare need hath hast doth dost art wast wert shalt wilt canst couldst"
  ).split(" "),
);
const SUBJECTS = new Set(["i", "you", "we", "they", "he", "she", "it", "thou", "ye", "to", "who", "which"]);
const CONTRACTIONS = /'(?:s|re|m|ve|d|ll)$|n't$/;

/**
 * A rough but lenient test for a finite verb, to catch verbless fragments ("A diet high in protein."): an
 * auxiliary or contraction; a word inflected as a verb (-s, -ed, -ing, archaic -eth/-est, or an irregular past)
 * whose base is a WordNet verb; or a bare verb first (an imperative) or right after a pronoun or a noun ("citizens
 * choose", "the attacker beat"). Nouns that are also verbs ("rates") pass, so it misses some fragments but seldom
 * rejects a real sentence.
 */
export function hasVerb(example: string, lexicon: Lexicon, ignoredStems: Set<string> = new Set()): boolean {
  const tokens = normalizeText(example).match(/[\p{L}]+(?:'[\p{L}]+)*/gu) ?? [];
  const isVerb = (lemma: string) => lexicon.isVerb(lemma);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (AUXILIARIES.has(token) || CONTRACTIONS.test(token)) return true;
    const bare = token.replace(/'s$/, "");
    if (ignoredStems.has(stem(bare))) continue;
    if (verbStems(bare).some(isVerb)) return true;
    const previous = tokens[i - 1];
    // "You respawn": after a subject pronoun, a word WordNet does not know is most likely a new verb.
    if (previous !== undefined && SUBJECTS.has(previous) && !lexicon.isKnown(bare)) return true;
    if (!isVerb(bare) || SUBJECTS.has(bare)) continue;
    if (previous === undefined || SUBJECTS.has(previous) || FLOATING.has(previous)) return true;
    if (NOT_SUBJECT.has(previous)) continue;
    // "citizens choose", "the attacker beat", "Sojiji share", "finely chop".
    const nounLike =
      lexicon.isNoun(previous) ||
      verbStems(previous).some((base) => lexicon.isNoun(base)) ||
      !lexicon.isKnown(previous.replace(/s$/, ""));
    if (nounLike || previous.endsWith("ly")) return true;
  }
  return false;
}

// Words after which a verb-looking word is not a verb ("a diet", "between pride", "and conceit").
const NOT_SUBJECT = new Set(
  "a an the this that these those my your his her its our their of in on at to for by with from into between and or but as than no".split(
    " ",
  ),
);
// "Guests each cut a lock of hair": a quantifier between subject and verb.
const FLOATING = new Set(
  "each all both often never always also only just then now many some most few several others people".split(
    " ",
  ),
);

/** Candidate bases of an inflected form: "amortized" → amortiz, amortize; "planned" → plan; "took" → take. */
function verbStems(token: string): string[] {
  const bases = new Set<string>();
  const irregular = irregularBase(token);
  if (irregular) bases.add(irregular);
  for (const [suffix, replacements] of [
    ["ies", ["y"]],
    ["ied", ["y"]],
    ["es", ["", "e"]],
    ["s", [""]],
    ["ed", ["", "e"]],
    ["d", [""]],
    ["ing", ["", "e"]],
    ["eth", ["", "e"]],
    ["est", ["", "e"]],
  ] as const) {
    if (!token.endsWith(suffix) || token.length - suffix.length < 2) continue;
    const root = token.slice(0, -suffix.length);
    for (const replacement of replacements) bases.add(root + replacement);
    if (/([bdgklmnprt])\1$/.test(root)) bases.add(root.slice(0, -1));
  }
  return [...bases];
}

const IPA_VOWELS = /[aeiouæɑɒɔəɚɝɛɜɪʊʌyøœɐɘɤɨʉɯɵʏ]+/g;

/**
 * What is wrong with the stress marks of an IPA string, or undefined when they are right. A word never has two
 * primary stresses. A single word of several syllables has exactly one. In a phrase, a word of several syllables
 * may carry only a secondary stress (phrase stress: /ˌhoʊli trəˈdɪʃən/), but the phrase needs a primary somewhere.
 */
export function stressProblem(ipa: string): string | undefined {
  const words = ipa
    .replace(/^\/|\/$/g, "")
    .split(/[\s‿]+/)
    .filter(Boolean);
  const phrase = words.length > 1;
  let phrasePrimary = false;
  let phraseSyllables = 0;
  for (const word of words) {
    const primaries = [...word].filter((char) => char === "ˈ").length;
    phrasePrimary ||= primaries > 0;
    if (primaries > 1) return `two primary stresses in "${word}"`;
    // Diphthongs and long vowels count once; syllabic consonants are not counted, so this errs on the lenient side.
    const syllables =
      word.replace(/[ː.ˈˌ]/g, (mark) => (mark === "." ? " " : "")).match(IPA_VOWELS)?.length ?? 0;
    phraseSyllables += syllables;
    if (syllables > 1 && primaries === 0 && !(phrase && word.includes("ˌ"))) {
      return `no primary stress in "${word}" (${syllables} syllables)`;
    }
  }
  if (phrase && !phrasePrimary && phraseSyllables > 1) return "no primary stress anywhere in the phrase";
  return undefined;
}

// The broad General American inventory of docs/pronunciation.md: consonants (x only in loanwords such as
// "chesed"), vowels and diphthongs as their parts, stress marks, the word space and the phrase tie.
const ALLOWED_IPA = new Set([..."pbtdkɡfvθðszʃʒhmnŋlrjwxʔ", ..."iɪeɛæɑɔoʊuʌəɚɝa", "ˈ", "ˌ", " ", "‿"]);
// Reported by their own rules, not as unknown symbols.
const NOTATION_RULE_SYMBOLS = new Set(["ː", "ɜ", "ɒ"]);
const VOWEL = "aeiouæɑɔəɛɪʊʌɚɝ";
const R_COLOURED_BEFORE_VOWEL = new RegExp(`ɚ[ˈˌ]?[${VOWEL}]`);
// A word opening with a secondary stress on one syllable whose vowel is lax (in-, en-, ex-, de- said /ɪ ɛ ə/),
// followed at once by the main stress: CMUdict's /ˌɪnˈdɪɡnənt/, /ˌɪˈluʒən/.
const PREFIX_STRESS = new RegExp(`^ˌ[^${VOWEL}ˈˌ]*[ɪɛə][^${VOWEL}ˈˌ]*ˈ`);
// Words made of a function word and -ever, -soever, -self or -selves ("whatever", "however", "myself", "oneself").
const FUNCTION_WORD_COMPOUND =
  /^(what|how|when|where|who|whom|which|my|thy|your|him|her|it|one|our|them)(so)?(ever|self|selves)$/;
const SECONDARY_THEN_PRIMARY = new RegExp(`^ˌ[^${VOWEL}ˈˌ]*[${VOWEL}]+[^${VOWEL}ˈˌ]*ˈ`);
// English words in -ic(s) stress the syllable right before the ending (ˌpɛdəˈɡɑdʒɪk, ˌɛθɪks is ˈɛθɪks); these few
// are the dictionaries' exceptions, stressed earlier.
const IC_STRESS_EXCEPTIONS = new Set([
  "arabic",
  "arithmetic",
  "arsenic",
  "bishopric",
  "catholic",
  "choleric",
  "heretic",
  "lunatic",
  "politic",
  "politics",
  "rhetoric",
  "turmeric",
]);
const IC_WORD = /^[a-z]+ics?$/;
// The vowels of one IPA word, diphthongs as one, with the ending ɪk(s) cut off.
const IC_STEM_VOWELS = /aɪ|aʊ|ɔɪ|eɪ|oʊ|[iɪɛæɑɔʊuʌəɚɝeoa]/g;

/** The -ic rule: the main stress falls in the syllable right before -ic(s), unless the word is an exception. */
function icStressProblem(word: string, ipaWord: string): string | undefined {
  const text = word.toLowerCase();
  if (!IC_WORD.test(text) || IC_STRESS_EXCEPTIONS.has(text)) return undefined;
  const stem = ipaWord.match(/^(.*)ɪks?$/)?.[1];
  if (stem === undefined) return undefined;
  const vowels = [...stem.matchAll(IC_STEM_VOWELS)].map((match) => match.index);
  if (vowels.length < 2) return undefined;
  const stress = stem.lastIndexOf("ˈ");
  return stress < vowels.at(-2)! ? `"${ipaWord}": stress the syllable before -ic` : undefined;
}

const BRITISH = [
  { pattern: /ɜ/, detail: "British ɜ: write ɝ (stressed) or ɚ" },
  { pattern: /ɒ/, detail: "British ɒ: write ɑ or ɔ" },
  { pattern: new RegExp(`ər(?![${VOWEL}ˈˌ])`), detail: '"ər" before a consonant or at the end: write ɚ' },
  {
    pattern: /(?<![aeoɔ])[ɛɪʊ]ər|(?<![aeoɔ])[ɛɪʊ]ə(?=$|\s)/,
    detail: "a centring diphthong (ɛə, ɪə, ʊə): write ɛr, ɪr, ʊr",
  },
] as const;

// Function words whose strong form is wrong inside a phrase (docs/pronunciation.md, "Weak forms"): each maps to
// the strong forms the lint refuses. At the end of a phrase a stranded word keeps its strong form ("come to").
const STRONG_FORMS: Record<string, string[]> = {
  a: ["eɪ", "ˈeɪ"],
  to: ["tu", "ˈtu"],
  of: ["ʌv", "ˈʌv", "ɑv"],
  and: ["ænd", "ˈænd"],
  from: ["frʌm", "ˈfrʌm"],
  than: ["ðæn", "ˈðæn"],
  as: ["æz", "ˈæz"],
  at: ["æt", "ˈæt"],
};

/** Every notation rule of docs/pronunciation.md an IPA string breaks (stress counting is stressProblem's). */
export function notationProblems(word: string, ipa: string): { rule: LintRule; detail: string }[] {
  const problems: { rule: LintRule; detail: string }[] = [];
  const body = ipa.replace(/^\/|\/$/g, "");
  const unknown = [...new Set([...body])].filter(
    (char) => !ALLOWED_IPA.has(char) && !NOTATION_RULE_SYMBOLS.has(char),
  );
  if (unknown.length > 0)
    problems.push({ rule: "pronunciation-symbols", detail: `not in the inventory: ${unknown.join(" ")}` });
  if (R_COLOURED_BEFORE_VOWEL.test(body)) {
    problems.push({ rule: "pronunciation-r-before-vowel", detail: "ɚ before a vowel: write ə + r" });
  }
  const ipaWords = body.split(/[\s‿]+/).filter(Boolean);
  const prefixed = ipaWords.find((ipaWord) => PREFIX_STRESS.test(ipaWord));
  if (prefixed) {
    problems.push({
      rule: "pronunciation-prefix-stress",
      detail: `"${prefixed}": an unstressed prefix carries ˌ`,
    });
  }
  const textWords = word
    .toLowerCase()
    .split(/[\s\-–/]+/)
    .map((text) => text.replace(/[^a-z']/g, ""));
  if (textWords.length === ipaWords.length) {
    textWords.forEach((text, index) => {
      const ipaWord = ipaWords[index]!;
      if (FUNCTION_WORD_COMPOUND.test(text) && SECONDARY_THEN_PRIMARY.test(ipaWord)) {
        problems.push({
          rule: "pronunciation-function-prefix",
          detail: `"${ipaWord}": the function word in "${text}" is unstressed`,
        });
      }
    });
  }
  const openFinal = ipaWords.find((ipaWord) => OPEN_FINAL_SECONDARY.test(ipaWord));
  if (openFinal) {
    problems.push({
      rule: "pronunciation-final-secondary",
      detail: `"${openFinal}": no secondary stress on the last syllable`,
    });
  }
  const icProblem = ipaWords.length === 1 ? icStressProblem(word, ipaWords[0]!) : undefined;
  if (icProblem) problems.push({ rule: "pronunciation-ic-stress", detail: icProblem });
  if (body.includes("ː"))
    problems.push({ rule: "pronunciation-length-mark", detail: "no ː in American IPA" });
  for (const { pattern, detail } of BRITISH) {
    if (pattern.test(body)) problems.push({ rule: "pronunciation-british", detail });
  }
  const words = word.toLowerCase().split(/\s+/);
  if (words.length > 1 && words.length === ipaWords.length) {
    words.slice(0, -1).forEach((text, index) => {
      const next = ipaWords[index + 1]!.replace(/^[ˈˌ]/, "");
      // "to" is /tu/ before a full vowel ("to each his own").
      const toBeforeVowel = text === "to" && VOWEL.includes(next[0]!) && next[0] !== "ə";
      if (STRONG_FORMS[text]?.includes(ipaWords[index]!) && !toBeforeVowel) {
        problems.push({
          rule: "pronunciation-weak-form",
          detail: `"${text}" /${ipaWords[index]!}/ in a phrase: use its weak form`,
        });
      }
    });
  }
  return problems;
}

/**
 * Words whose senses differ in sound (docs/pronunciation.md, section 8), each listed transcription with the senses
 * it carries. Two topics may write such a word differently only with two of its listed forms.
 */
export const HETERONYMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  mole: { "/moʊl/": "the chemist's unit, the animal, the spy", "/ˈmoʊleɪ/": "the Mexican sauce" },
  lead: { "/lid/": "to guide; a prospective customer; the main role", "/lɛd/": "the metal" },
  record: { "/ˈrɛkɚd/": "noun: a stored account, a disc, the best result", "/rəˈkɔrd/": "verb: to set down" },
  contract: { "/ˈkɑnˌtrækt/": "noun: an agreement", "/kənˈtrækt/": "verb: to shrink; to catch (an illness)" },
  attribute: { "/ˈætrəˌbjut/": "noun: a quality, an emblem", "/əˈtrɪbjut/": "verb: to ascribe" },
  compound: {
    "/ˈkɑmpaʊnd/": "noun: a substance; an enclosure",
    "/kəmˈpaʊnd/": "verb: to combine; to worsen",
  },
  console: { "/ˈkɑnsoʊl/": "noun: a games machine, a control panel", "/kənˈsoʊl/": "verb: to comfort" },
  transfer: { "/ˈtrænsfɚ/": "noun: a move, a transport", "/trænsˈfɝ/": "verb: to move" },
  upset: {
    "/ˈʌpˌsɛt/": "noun: an unexpected defeat",
    "/ʌpˈsɛt/": "verb and adjective: to overturn; distressed",
  },
  dove: { "/dʌv/": "the bird; a politician for negotiation", "/doʊv/": "the past of dive" },
  wound: { "/wund/": "an injury", "/waʊnd/": "the past of wind" },
  minute: { "/ˈmɪnət/": "sixty seconds; a meeting's record", "/maɪˈnut/": "very small" },
  desert: { "/ˈdɛzɚt/": "arid land", "/dɪˈzɝt/": "to abandon" },
};

export interface TopicPronunciation {
  topic: string;
  word: string;
  pronunciation: string | undefined;
}

/**
 * One transcription per headword across topics unless the senses differ in sound: the first topic's form is the
 * reference, and every other topic that writes the word differently is reported, unless both forms are listed
 * forms of a heteronym (HETERONYMS).
 */
export function lintPronunciationVariants(entries: TopicPronunciation[]): Violation[] {
  const first = new Map<string, TopicPronunciation>();
  const violations: Violation[] = [];
  for (const entry of entries) {
    if (!entry.pronunciation) continue;
    const key = entry.word.toLowerCase();
    const reference = first.get(key);
    if (!reference) first.set(key, entry);
    else if (reference.pronunciation !== entry.pronunciation) {
      const senses = HETERONYMS[key] ?? {};
      if (Object.hasOwn(senses, entry.pronunciation) && Object.hasOwn(senses, reference.pronunciation!))
        continue;
      violations.push({
        topic: entry.topic,
        word: entry.word,
        rule: "pronunciation-variant",
        detail: `${entry.pronunciation} here, ${reference.pronunciation!} in ${reference.topic}`,
      });
    }
  }
  return violations;
}

export interface TopicText {
  topic: string;
  word: string;
  definition: string;
  example: string | undefined;
  reference: string | undefined;
}

function quotationKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L} ]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Each headword's text belongs to one topic: another topic may list the same word only with a definition written
 * for its own readers (health for patients, medical for clinicians), and a quotation (the same passage, whatever
 * the translation, or the same example text) appears once in the library unless both topics need it
 * (SHARED_PASSAGES in verses.ts, each with the reason).
 */
export function lintAcrossTopics(entries: TopicText[]): Violation[] {
  const definitions = new Map<string, string>();
  const examples = new Map<string, string>();
  const passages = new Map<string, string>();
  const violations: Violation[] = [];
  for (const entry of entries) {
    const add = (detail: string) =>
      violations.push({ topic: entry.topic, word: entry.word, rule: "duplicate-across-topics", detail });
    const definitionKey = `${entry.word.toLowerCase()}|${tokenize(entry.definition).join(" ")}`;
    const definitionOwner = definitions.get(definitionKey);
    if (definitionOwner !== undefined && definitionOwner !== entry.topic) {
      add(`same definition as in ${definitionOwner}`);
    } else definitions.set(definitionKey, entry.topic);
    const passage = entry.reference ? passageKey(entry.reference) : undefined;
    const owners = [
      { key: passage, seen: passages, what: `same passage (${passage ?? ""})` },
      {
        key: entry.example ? quotationKey(entry.example) : undefined,
        seen: examples,
        what: "same example",
      },
    ];
    for (const { key, seen, what } of owners) {
      if (key === undefined) continue;
      const owner = seen.get(key);
      if (owner === undefined) seen.set(key, entry.topic);
      else if (owner !== entry.topic && !isSharedPassage(entry.reference, owner, entry.topic)) {
        add(`${what} as in ${owner}`);
        break;
      }
    }
  }
  return violations;
}

/** "rule: count" for every rule, zeros included, in LINT_RULES order. */
export function countByRule(violations: Violation[]): Record<LintRule, number> {
  const counts = Object.fromEntries(LINT_RULES.map((rule) => [rule, 0])) as Record<LintRule, number>;
  for (const violation of violations) counts[violation.rule]++;
  return counts;
}

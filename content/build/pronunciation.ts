/**
 * Broad American IPA for the library, from CMUdict (ARPAbet), with:
 * - heteronyms read by part of speech (noun "survey" /ˈsɝˌveɪ/, verb /sɚˈveɪ/),
 * - closed compounds CMUdict lacks built from their parts with one primary stress (secondary on the rest),
 * - phrases word by word, each stressed word keeping its own primary stress,
 * - hand-written fixes in pronunciation-overrides.json, which win over all of the above.
 * (A curated `pronunciation` wins over this whole module; see library.ts.)
 *
 * The admin pronunciation check (src/server/features/admin/pronunciation.ts) imports this module at run time, so
 * it depends only on CMUdict and the overrides file, never on build-only data such as SUBTLEX or WordNet.
 */
import { dictionary } from "cmu-pronouncing-dictionary";
import overridesFile from "./pronunciation-overrides.json";

// ARPAbet (CMUdict) to broad American IPA. AH and ER depend on stress (ʌ/ə, ɝ/ɚ).
const VOWELS: Record<string, [stressed: string, unstressed: string]> = {
  AA: ["ɑ", "ɑ"],
  AE: ["æ", "æ"],
  AH: ["ʌ", "ə"],
  AO: ["ɔ", "ɔ"],
  AW: ["aʊ", "aʊ"],
  AY: ["aɪ", "aɪ"],
  EH: ["ɛ", "ɛ"],
  ER: ["ɝ", "ɚ"],
  EY: ["eɪ", "eɪ"],
  IH: ["ɪ", "ɪ"],
  IY: ["i", "i"],
  OW: ["oʊ", "oʊ"],
  OY: ["ɔɪ", "ɔɪ"],
  UH: ["ʊ", "ʊ"],
  UW: ["u", "u"],
};
const CONSONANTS: Record<string, string> = {
  B: "b",
  CH: "tʃ",
  D: "d",
  DH: "ð",
  F: "f",
  G: "ɡ",
  HH: "h",
  JH: "dʒ",
  K: "k",
  L: "l",
  M: "m",
  N: "n",
  NG: "ŋ",
  P: "p",
  R: "r",
  S: "s",
  SH: "ʃ",
  T: "t",
  TH: "θ",
  V: "v",
  W: "w",
  Y: "j",
  Z: "z",
  ZH: "ʒ",
};
// Consonant clusters that may begin an English syllable; the stress mark goes before the longest one.
const ONSETS = new Set([
  "P R",
  "P L",
  "B R",
  "B L",
  "T R",
  "D R",
  "K R",
  "K L",
  "K W",
  "G R",
  "G L",
  "F R",
  "F L",
  "TH R",
  "SH R",
  "S P",
  "S T",
  "S K",
  "S M",
  "S N",
  "S L",
  "S W",
  "S F",
  "S P R",
  "S P L",
  "S T R",
  "S K R",
  "S K W",
  "P Y",
  "B Y",
  "K Y",
  "G Y",
  "F Y",
  "V Y",
  "M Y",
  "HH Y",
  "T W",
  "D W",
  "TH W",
  "G W",
  "S K Y",
  "S P Y",
]);

const cmudict = dictionary as Record<string, string>;

/** Lowercase word or phrase → IPA between slashes. Keys starting with "_" are comments. */
const OVERRIDES = new Map(
  Object.entries(overridesFile as Record<string, string>).filter(([key]) => !key.startsWith("_")),
);

// Words said without stress inside a phrase ("rule of thumb" stresses rule and thumb only): articles,
// prepositions, conjunctions, pronouns and auxiliaries, the King James ones included.
const FUNCTION_WORDS = new Set(
  (
    "a an the of in on at to for and or but nor by with from as than that this these those is are was were am be " +
    "been has have had do does did shall will would can could should may might must i me my we us our you your he " +
    "him his she her it its they them their thy thee thou ye unto upon doth"
  ).split(" "),
);

/** Whether a word is said weak and unstressed inside a phrase ("of" in "rule of thumb"). */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word.toLowerCase());
}

// The weak forms docs/pronunciation.md prescribes for function words inside a phrase ("come to a head" →
// /ˈkʌm tə ə ˈhɛd/). "to" and "the" take /tu/ and /ði/ before a vowel (see pronounce).
const WEAK_FORMS: Record<string, string> = {
  a: "ə",
  an: "ən",
  the: "ðə",
  to: "tə",
  of: "əv",
  and: "ənd",
  as: "əz",
  at: "ət",
  than: "ðən",
  from: "frəm",
  for: "fɚ",
  can: "kən",
  was: "wəz",
  were: "wɚ",
  has: "həz",
  have: "həv",
  had: "həd",
  does: "dəz",
  them: "ðəm",
  but: "bət",
  shall: "ʃəl",
};
const BEFORE_VOWEL_FORMS: Record<string, string> = { to: "tu", the: "ði" };

const IPA_VOWELS = "aeiouæɑɔəɛɪʊʌɚɝ";
const R_COLOURED_BEFORE_VOWEL = new RegExp(`ɚ([ˈˌ]?)(?=[${IPA_VOWELS}])`, "g");
const PREFIX_STRESS = new RegExp(`^ˌ(?=[^${IPA_VOWELS}ˈˌ]*[ɪɛə][^${IPA_VOWELS}ˈˌ]*ˈ)`);
// A last syllable "-ty", "-ny", "-ry"… that CMUdict gives a secondary stress after an unstressed syllable
// ("liberty" L IH1 B ER0 T IY2, "company"): the ending is unstressed, /ˈlɪbɚti/.
const SECONDARY_FINAL_I = new RegExp(
  `(?<=[${IPA_VOWELS}][^${IPA_VOWELS}ˈˌ]*[${IPA_VOWELS}][^${IPA_VOWELS}ˈˌ]*)ˌ(?=[^${IPA_VOWELS}ˈˌ]+i$)`,
);

/**
 * A two-syllable word of two open syllables whose last one, a full vowel, carries a secondary stress: CMUdict's
 * "guru" G UW1 R UW2 /ˈɡuˌru/, "shadow", "veto". The dictionaries mark none (/ˈɡuru/); a compound's second part
 * keeps its stress, but its first part is closed (/ˈɔfˌsaɪd/), and so are "essay" and "survey"'s noun.
 */
export const OPEN_FINAL_SECONDARY = new RegExp(
  `^(ˈ[^${IPA_VOWELS}ˈˌ]*(?:aɪ|aʊ|ɔɪ|eɪ|oʊ|[${IPA_VOWELS}]))ˌ(?=[^${IPA_VOWELS}ˈˌ]+(?:u|oʊ|ɑ|i)z?$)`,
);

/**
 * The house style of docs/pronunciation.md applied to one transcription (slashes optional): no length marks,
 * American r-coloured vowels instead of British notation (ɜː → ɝ, "ər" → ɚ, ɛər → ɛr), the r of /ɚ/ moved into a
 * following vowel's syllable (/sɚˈin/ → /səˈrin/), no secondary stress on a lax one-syllable prefix right before the
 * main stress (/ˌɪnˈdɪɡnənt/ → /ɪnˈdɪɡnənt/), none on a final "-ty"/"-ny" after an unstressed syllable, and the
 * IPA ɡ rather than the Latin g, and no secondary stress on the open last syllable of a two-syllable word (/ˈɡuru/).
 */
export function toHouseStyle(ipa: string): string {
  const slashed = ipa.startsWith("/");
  const body = ipa
    .replace(/^\/|\/$/g, "")
    .replace(/g/g, "ɡ")
    .replace(/ɜːr|ɜr|ɜː|ɜ/g, "ɝ")
    .replace(/ɒ/g, "ɑ")
    .replace(/ː/g, "")
    .replace(/(?<![aeoɔ])([ɛɪʊ])ər/g, "$1r")
    .replace(new RegExp(`ər(?![${IPA_VOWELS}ˈˌ])`, "g"), "ɚ")
    .replace(R_COLOURED_BEFORE_VOWEL, "ə$1r")
    .split(" ")
    .map((word) =>
      word.replace(PREFIX_STRESS, "").replace(SECONDARY_FINAL_I, "").replace(OPEN_FINAL_SECONDARY, "$1"),
    )
    .join(" ");
  return slashed ? `/${body}/` : body;
}

/** How a word is said: on its own, as a stressed word of a phrase, or as a weak (function) word of a phrase. */
type WordMode = "alone" | "stressed" | "weak";

// Words whose part of speech moves the stress (noun "REcord", verb "reCORD"). Only these choose between CMUdict's
// readings by part of speech: for other words CMUdict's later readings are emphatic or regional variants
// ("effect" IY1 F EH0 K T, "museum" M Y UW1 Z IY0 AH0 M), never the form a dictionary gives first.
const STRESS_SHIFT_HETERONYMS = new Set(
  (
    "abstract address alloy ally annex attribute combat combine commune compact compound compress concert conduct " +
    "conflict conscript console consort construct contest content contract contrast converse convert convict " +
    "decrease defect desert detail digest discharge discount escort escrow essay excise exploit export extract ferment " +
    "finance frequent impact implant import incense incline increase insert insult intern invalid minute legit " +
    "august misprint object offset outlaw overflow perfect perfume permit present proceeds produce progress project " +
    "protest rebel recall recess record refill refund reject relay replay reprint research reset segment subject " +
    "surcharge survey suspect torment transfer transplant transport update upgrade upset"
  ).split(" "),
);

// Adjectives whose reading is the late-stressed one (adjective "content" /kənˈtɛnt/, not the noun).
const LATE_STRESS_ADJECTIVES = new Set(["content", "invalid", "minute", "august", "compact", "legit"]);

// Inside a phrase a heteronym takes its part of speech from the word before it: after a determiner or a
// preposition it is a noun ("off the record", "a work in progress"), after "to" or a modal a verb ("to record").
const BEFORE_NOUN = new Set(
  "a an the this that these those my your his her its our their of on off in for with no every".split(" "),
);
const BEFORE_VERB = new Set("to will would shall should can could may might must".split(" "));

function partOfSpeechInPhrase(
  words: string[],
  index: number,
  phrasePos: string | undefined,
): string | undefined {
  if (words.length === 1) return phrasePos;
  const previous = words[index - 1]?.toLowerCase();
  if (previous && BEFORE_NOUN.has(previous)) return "noun";
  if (previous && BEFORE_VERB.has(previous)) return "verb";
  // A verb phrase's first word is the verb ("conduct an audit"); a noun phrase is made of nouns ("progress report").
  if (phrasePos === "verb") return index === 0 ? "verb" : undefined;
  return phrasePos === "noun" || phrasePos === "adjective" ? phrasePos : undefined;
}

// Endings that carry the main stress when CMUdict marks two primaries ("dislocation" → ˌdɪsloʊˈkeɪʃən).
const STRESS_ATTRACTING_ENDING = /(tion|sion|ity|ic|ical|ee|eer|ese|ique|esque|ette|ade)$/;

// Three-letter words that are common parts of closed compounds ("offside", "matchday", "taxpayer"); any other
// part must have at least four letters, so that chance splits of foreign words ("clo|che") are not tried.
const SHORT_COMPOUND_PARTS = new Set(
  (
    "off day man men way out end top hot bed set box car run pot pan cup hat dog cat sun air sea web net key map " +
    "pay tax law oil gas art bar bus cut dry eye fly ice jet lab leg lip low mid new old own pen pin raw red row " +
    "saw sky tea toe toy war wet arm ash bag bay bin bow boy dew ear egg fan fat fir fox gun hay hen hip hit hog " +
    "hub ink kid lid log mat mud nut oak owl pad pig pit rat rib rod rug sap tap tar tin tip tub van wax zip any " +
    "one two six ten big bit fix mix dip lay win fit gap hop jam rig rim sit try use back"
  ).split(" "),
);

/** How a word's IPA was found, for the compound audit script and the admin check. */
export type PronunciationSource =
  | { kind: "override" }
  | { kind: "cmudict" }
  | { kind: "compound"; parts: [string, string] }
  | { kind: "derived"; stem: string }
  | { kind: "initialism" }
  | { kind: "number" };

/** Every CMUdict reading of a word: "survey", "survey(2)", ... */
export function readings(word: string): string[][] {
  const found: string[][] = [];
  for (let n = 1; ; n++) {
    const arpabet = cmudict[n === 1 ? word : `${word}(${n})`];
    if (!arpabet) break;
    found.push(arpabet.split(" "));
  }
  return found;
}

function primaryIndex(phones: string[]): number {
  return phones.filter((phone) => /\d$/.test(phone)).findIndex((phone) => phone.endsWith("1"));
}

/**
 * The reading for a part of speech: nouns (and most adjectives) of a stress-shifting pair take the earlier
 * stress ("a REcord", "a PROgress report"), verbs the later ("to reCORD"); otherwise CMUdict's first reading.
 */
export function chooseReading(word: string, partOfSpeech: string | undefined): string[] | undefined {
  const all = readings(word);
  if (all.length <= 1 || !partOfSpeech || !STRESS_SHIFT_HETERONYMS.has(word)) return all[0];
  const positions = all.map(primaryIndex);
  if (new Set(positions).size === 1) return all[0];
  const late = partOfSpeech === "verb" || (partOfSpeech === "adjective" && LATE_STRESS_ADJECTIVES.has(word));
  if (!late && partOfSpeech !== "noun" && partOfSpeech !== "adjective") return all[0];
  const target = late ? Math.max(...positions) : Math.min(...positions);
  return all[positions.indexOf(target)];
}

/**
 * ARPAbet to IPA. A word of several syllables gets exactly one primary stress: when CMUdict marks two ("usb",
 * "grandmaster"), acronyms and stress-attracting endings keep the last, other words the first; the rest become
 * secondary. A one-syllable word gets `monosyllableMark` (in phrases and compounds) or none.
 */
function phonesToIpa(
  phones: string[],
  options: { acronym: boolean; word: string; monosyllableMark: string },
): string {
  const vowels = phones.filter((phone) => /\d$/.test(phone));
  const syllableCount = vowels.length;
  const primaries = vowels
    .map((phone, index) => (phone.endsWith("1") ? index : -1))
    .filter((index) => index >= 0);
  const keepLast = options.acronym || STRESS_ATTRACTING_ENDING.test(options.word);
  const keep = primaries.length > 1 ? (keepLast ? primaries.at(-1)! : primaries[0]!) : primaries[0];
  const out: string[] = [];
  let consonantsSinceVowel: string[] = [];
  let vowelIndex = 0;
  for (const phone of phones) {
    let stress = phone.match(/(\d)$/)?.[1];
    const base = phone.replace(/\d$/, "");
    if (stress === undefined) {
      out.push(CONSONANTS[base] ?? "");
      consonantsSinceVowel.push(base);
      continue;
    }
    if (stress === "1" && keep !== undefined && vowelIndex !== keep) stress = "2";
    const [stressed, unstressed] = VOWELS[base] ?? ["", ""];
    const mark =
      syllableCount > 1
        ? stress === "1"
          ? "ˈ"
          : stress === "2"
            ? "ˌ"
            : ""
        : stress === "0"
          ? ""
          : options.monosyllableMark;
    if (mark) {
      const onset = longestOnset(consonantsSinceVowel, out.length === consonantsSinceVowel.length);
      out.splice(out.length - onset, 0, mark);
    }
    out.push(stress === "0" ? unstressed : stressed);
    consonantsSinceVowel = [];
    vowelIndex++;
  }
  return out.join("");
}

/** How many of the consonants before a vowel belong to its syllable. */
function longestOnset(consonants: string[], wordInitial: boolean): number {
  if (wordInitial) return consonants.length;
  for (let take = Math.min(3, consonants.length); take > 1; take--) {
    if (ONSETS.has(consonants.slice(-take).join(" "))) return take;
  }
  const last = consonants.at(-1);
  return last && last !== "NG" ? 1 : 0;
}

interface WordReading {
  ipa: string;
  source: PronunciationSource;
}

/** One word (no spaces): an override, CMUdict, or a compound of two CMUdict words; undefined when unknown. */
function readWord(
  original: string,
  partOfSpeech: string | undefined,
  mode: WordMode,
): WordReading | undefined {
  const word = original.toLowerCase();
  const override = OVERRIDES.get(word)?.replace(/^\/|\/$/g, "");
  if (override) {
    // A one-syllable override has no stress mark of its own; as a stressed word of a phrase it takes the primary
    // ("cost center" /ˈkɔst ˈsɛntɚ/), as CMUdict's words do.
    const ipa = mode === "stressed" && !/[ˈˌ]/.test(override) ? `ˈ${override}` : override;
    return { ipa, source: { kind: "override" } };
  }
  const weakForm = mode === "weak" ? WEAK_FORMS[word] : undefined;
  if (weakForm) return { ipa: weakForm, source: { kind: "cmudict" } };
  const phones = withSchwaEth(word, chooseReading(word, partOfSpeech));
  const acronym = original.length > 1 && original === original.toUpperCase() && /[A-Z]/.test(original);
  if (phones) {
    // A weak word of one syllable loses its stress (and its full vowel: "of" → /əv/); a longer one ("unto") keeps
    // a secondary stress, as phrase stress does.
    const syllables = phones.filter((phone) => /\d$/.test(phone)).length;
    const weakened =
      mode !== "weak"
        ? phones
        : phones.map((phone) => (syllables > 1 ? phone.replace(/1$/, "2") : phone.replace(/\d$/, "0")));
    const ipa = phonesToIpa(weakened, { acronym, word, monosyllableMark: mode === "stressed" ? "ˈ" : "" });
    return { ipa: toHouseStyle(ipa), source: { kind: "cmudict" } };
  }
  if (/^\d{1,3}$/.test(word)) {
    const spoken = numberInWords(Number(word)).split(" ");
    const readings = spoken.map((part) => readWord(part, undefined, mode === "weak" ? "weak" : "stressed"));
    if (readings.every(Boolean)) {
      return { ipa: readings.map((reading) => reading!.ipa).join(" "), source: { kind: "number" } };
    }
  }
  return readInitialism(original) ?? readDerived(word, mode) ?? readCompound(word, partOfSpeech);
}

/** Each word's mode in a text: function words are weak in a phrase, but a phrase keeps at least one stress. */
function wordModes(words: string[]): WordMode[] {
  if (words.length === 1) return ["alone"];
  const modes = words.map((word): WordMode => (isFunctionWord(word) ? "weak" : "stressed"));
  if (!modes.includes("stressed")) modes[modes.length - 1] = "stressed";
  return modes;
}

// Endings that leave the stem's stress where it is, read after the stem CMUdict knows: inflections ("tinting",
// "umbers", "Allah's"), King James forms ("goeth", "standest") and neutral suffixes ("structuralism",
// "joyfulness"). Longer endings first. `verb` marks the endings whose stem is a verb (for heteronyms).
const ENDINGS: { ending: string; ipa: string; syllables: number; verb?: boolean }[] = [
  { ending: "ness", ipa: "nəs", syllables: 1 },
  { ending: "less", ipa: "ləs", syllables: 1 },
  { ending: "ment", ipa: "mənt", syllables: 1 },
  { ending: "able", ipa: "əbəl", syllables: 2 },
  { ending: "ism", ipa: "ɪzəm", syllables: 2 },
  { ending: "ist", ipa: "ɪst", syllables: 1 },
  { ending: "ful", ipa: "fəl", syllables: 1 },
  { ending: "ing", ipa: "ɪŋ", syllables: 1, verb: true },
  // The King James endings take a schwa, as Merriam-Webster writes them and as the library's superlatives already
  // are ("greatest" /ˈɡreɪtəst/): docs/pronunciation.md, "Archaic verb endings".
  { ending: "eth", ipa: "əθ", syllables: 1, verb: true },
  { ending: "est", ipa: "əst", syllables: 1, verb: true },
  { ending: "ly", ipa: "li", syllables: 1 },
  { ending: "er", ipa: "ɚ", syllables: 1 },
  { ending: "'s", ipa: "S", syllables: 0 },
  { ending: "es", ipa: "S", syllables: 0 },
  { ending: "ed", ipa: "D", syllables: 0, verb: true },
  { ending: "s", ipa: "S", syllables: 0 },
];
const E_DROPPING = new Set(["ing", "ed", "er", "able", "est", "eth"]);
const SIBILANTS = new Set(["S", "Z", "SH", "ZH", "CH", "JH"]);
const VOICELESS = new Set(["P", "T", "K", "F", "TH", "S", "SH", "CH"]);

/** The -s and -ed endings sound as the stem ends: /s z ɪz/, /t d ɪd/. */
function allomorph(ipa: string, lastPhone: string): { ipa: string; syllables: number } {
  if (ipa === "S") {
    if (SIBILANTS.has(lastPhone)) return { ipa: "ɪz", syllables: 1 };
    return { ipa: VOICELESS.has(lastPhone) ? "s" : "z", syllables: 0 };
  }
  if (ipa === "D") {
    if (lastPhone === "T" || lastPhone === "D") return { ipa: "ɪd", syllables: 1 };
    return { ipa: VOICELESS.has(lastPhone) ? "t" : "d", syllables: 0 };
  }
  return { ipa, syllables: -1 };
}

/**
 * A word CMUdict lacks but whose stem it knows: the stem as CMUdict reads it plus the ending, unstressed. The stem
 * may have lost an "e" ("tinting" ← tint, "aerating" ← aerate), doubled its last consonant ("runneth" ← run) or
 * turned "y" into "i" ("justifieth" ← justify).
 */
function readDerived(word: string, mode: WordMode): WordReading | undefined {
  for (const { ending, ipa, syllables, verb } of ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    const root = word.slice(0, -ending.length);
    // Stems of two letters only for the King James endings ("goeth"); "-s" is no plural after u, i or s
    // ("vagus", "commis").
    if (root.length < 3 && ending !== "eth" && ending !== "est") continue;
    if (ending === "s" && /[uis]$/.test(root)) continue;
    const stems = [root];
    // Endings that drop a stem's final "e" ("improver", "hoping"); after one vowel and one consonant the e-form is
    // the likelier stem.
    // A doubled last consonant spells the short stressed vowel of the stem ("forgetteth" ← forget), so the
    // undoubled stem comes before an e-form (CMUdict's surname "Forgette" /fɚˈʒɛt/).
    if (/([bdgklmnprt])\1$/.test(root)) stems.push(root.slice(0, -1));
    if (E_DROPPING.has(ending)) {
      if (/[^aeiou][aeiou][^aeiouwxy]$/.test(root)) stems.unshift(`${root}e`);
      else stems.push(`${root}e`);
    }
    if (root.endsWith("i")) stems.push(`${root.slice(0, -1)}y`);
    for (const stem of stems) {
      const phones = chooseReading(stem, verb ? "verb" : undefined);
      if (!phones) continue;
      const suffix = allomorph(ipa, phones.at(-1)!.replace(/\d$/, ""));
      const suffixSyllables = suffix.syllables === -1 ? syllables : suffix.syllables;
      const stemSyllables = phones.filter((phone) => /\d$/.test(phone)).length;
      // A one-syllable stem of a longer word carries the primary stress ("ˈtɪntɪŋ").
      const mark =
        mode === "weak" ? "" : mode === "stressed" || stemSyllables + suffixSyllables > 1 ? "ˈ" : "";
      const stemIpa = phonesToIpa(phones, { acronym: false, word: stem, monosyllableMark: mark });
      return { ipa: toHouseStyle(stemIpa + suffix.ipa), source: { kind: "derived", stem } };
    }
  }
  return undefined;
}

/**
 * CMUdict's few King James -eth forms end in three different vowels (cometh IH0, giveth EH0, taketh AH0), while the
 * ones it lacks are derived with /əθ/ (ENDINGS): every unstressed -eth it lists is read with the schwa too, which is
 * also how American dictionaries give the names and ordinals among them ("Kenneth", "twentieth"). A stressed or
 * secondary-stressed one ("teeth", "shibboleth") keeps its vowel.
 */
function withSchwaEth(word: string, phones: string[] | undefined): string[] | undefined {
  if (!phones || !word.endsWith("eth") || phones.at(-1) !== "TH" || !phones.at(-2)?.endsWith("0"))
    return phones;
  return [...phones.slice(0, -2), "AH0", "TH"];
}

const LETTER_NAMES: Record<string, string> = {
  a: "eɪ",
  b: "bi",
  c: "si",
  d: "di",
  e: "i",
  f: "ɛf",
  g: "dʒi",
  h: "eɪtʃ",
  i: "aɪ",
  j: "dʒeɪ",
  k: "keɪ",
  l: "ɛl",
  m: "ɛm",
  n: "ɛn",
  o: "oʊ",
  p: "pi",
  q: "kju",
  r: "ɑr",
  s: "ɛs",
  t: "ti",
  u: "ju",
  v: "vi",
  w: "ˈdʌbəlju",
  x: "ɛks",
  y: "waɪ",
  z: "zi",
};

/** An initialism CMUdict lacks ("NPC", "TLS"), spelled out with the main stress on its last letter. */
function readInitialism(original: string): WordReading | undefined {
  if (!/^[A-Z]{2,6}s?$/.test(original)) return undefined;
  const letters = [...original.replace(/s$/, "").toLowerCase()].map((letter) =>
    LETTER_NAMES[letter]!.replace("ˈ", ""),
  );
  const ipa = letters.map((name, index) => (index === letters.length - 1 ? "ˈ" : "ˌ") + name).join("");
  return {
    ipa: original.endsWith("s") && original.length > 2 ? `${ipa}z` : ipa,
    source: { kind: "initialism" },
  };
}

const ONES =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

/** A number below 1,000 in words ("22" → "twenty two"), to be read word by word. */
export function numberInWords(value: number): string {
  if (value < 20) return ONES[value]!;
  if (value < 100) return [TENS[Math.floor(value / 10)], value % 10 ? ONES[value % 10] : ""].join(" ").trim();
  const rest = value % 100;
  return `${ONES[Math.floor(value / 100)]} hundred${rest ? ` ${numberInWords(rest)}` : ""}`;
}

/**
 * A closed compound CMUdict lacks ("offside", "matchday"), read as its two known parts: the first keeps the
 * primary stress, the second is demoted to secondary. The split with the longest shorter part wins ("off|side",
 * not "offs|ide"); parts of three letters must be common compound parts.
 */
function readCompound(word: string, partOfSpeech: string | undefined): WordReading | undefined {
  if (!/^[a-z]+$/.test(word)) return undefined;
  let best: { head: string; tail: string; score: number } | undefined;
  for (let cut = 3; cut <= word.length - 3; cut++) {
    const head = word.slice(0, cut);
    const tail = word.slice(cut);
    if (!isCompoundPart(head) || !isCompoundPart(tail)) continue;
    const score = Math.min(head.length, tail.length);
    if (!best || score > best.score) best = { head, tail, score };
  }
  if (!best) return undefined;
  const headPhones = chooseReading(best.head, partOfSpeech === "verb" ? undefined : partOfSpeech)!;
  const tailPhones = chooseReading(best.tail, partOfSpeech)!;
  const head = phonesToIpa(headPhones, { acronym: false, word: best.head, monosyllableMark: "ˈ" });
  const tail = phonesToIpa(tailPhones, { acronym: false, word: best.tail, monosyllableMark: "ˌ" }).replace(
    "ˈ",
    "ˌ",
  );
  return { ipa: head + tail, source: { kind: "compound", parts: [best.head, best.tail] } };
}

// Suffixes are not words of a compound: "gladness" is not glad + ness, "unlockable" not unlock + able.
const SUFFIX_PARTS = new Set([
  "ness",
  "less",
  "able",
  "ably",
  "ible",
  "ment",
  "ting",
  "ling",
  "ism",
  "ist",
  "ation",
]);

function isCompoundPart(part: string): boolean {
  return (
    cmudict[part] !== undefined &&
    !SUFFIX_PARTS.has(part) &&
    (part.length >= 4 || SHORT_COMPOUND_PARTS.has(part))
  );
}

function wordsOf(text: string): string[] {
  return text
    .split(/[\s\-–/]+/)
    .map((word) => word.replace(/^[^A-Za-z0-9']+|[^A-Za-z0-9']+$/g, ""))
    .filter(Boolean);
}

/**
 * IPA between slashes for a word or phrase, or undefined when a word is unknown. The part of speech picks
 * heteronyms ("survey" as a noun or a verb); in a phrase every stressed word keeps a primary stress, one-syllable
 * words included, and function words stay unstressed.
 */
export function pronounce(text: string, partOfSpeech?: string): string | undefined {
  const whole = OVERRIDES.get(text.trim().toLowerCase().replace(/\s+/g, " "));
  if (whole) return whole;
  const words = wordsOf(text);
  if (words.length === 0) return undefined;
  const modes = wordModes(words);
  const parts = words.map(
    (word, index) => readWord(word, partOfSpeechInPhrase(words, index, partOfSpeech), modes[index]!)?.ipa,
  );
  if (parts.some((part) => part === undefined)) return undefined;
  const spoken = parts.map((part, index) => {
    const beforeVowel = BEFORE_VOWEL_FORMS[words[index]!.toLowerCase()];
    const next = parts[index + 1]?.replace(/^[ˈˌ]/, "");
    // Before a full vowel ("to each", "the end"), not before a weak /ə/ ("come to a head" → /tə ə/).
    const fullVowelNext = next !== undefined && IPA_VOWELS.includes(next[0]!) && next[0] !== "ə";
    return modes[index] === "weak" && beforeVowel && fullVowelNext ? beforeVowel : part;
  });
  return `/${spoken.join(" ")}/`;
}

/** Every reading the build could give a word or phrase (each part of speech), for checks that do not know it. */
export function pronunciationCandidates(text: string): string[] {
  const candidates = [undefined, "noun", "verb", "adjective"].map((pos) => pronounce(text, pos));
  return [...new Set(candidates.filter((ipa): ipa is string => ipa !== undefined))];
}

/** How each word of a text would be read (for the compound audit script). */
export function pronunciationSources(
  text: string,
  partOfSpeech?: string,
): { word: string; source?: PronunciationSource }[] {
  const words = wordsOf(text);
  const modes = wordModes(words);
  return words.map((word, index) => ({
    word,
    source: readWord(word, partOfSpeechInPhrase(words, index, partOfSpeech), modes[index]!)?.source,
  }));
}

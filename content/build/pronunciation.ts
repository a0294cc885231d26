import { dictionary } from "cmu-pronouncing-dictionary";
import { wordCount } from "./frequency";

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

/** IPA for one word of CMUdict, or undefined when the dictionary lacks it. */
function wordToIpa(word: string): string | undefined {
  const arpabet = (dictionary as Record<string, string>)[word.toLowerCase()];
  if (!arpabet) return undefined;
  const phones = arpabet.split(" ");
  const syllableCount = phones.filter((phone) => /\d$/.test(phone)).length;
  const out: string[] = [];
  let consonantsSinceVowel: string[] = [];
  for (const phone of phones) {
    const stress = phone.match(/(\d)$/)?.[1];
    const base = phone.replace(/\d$/, "");
    if (stress === undefined) {
      out.push(CONSONANTS[base] ?? "");
      consonantsSinceVowel.push(base);
      continue;
    }
    const [stressed, unstressed] = VOWELS[base] ?? ["", ""];
    if ((stress === "1" || stress === "2") && syllableCount > 1) {
      const onset = longestOnset(consonantsSinceVowel, out.length === consonantsSinceVowel.length);
      out.splice(out.length - onset, 0, stress === "1" ? "ˈ" : "ˌ");
    }
    out.push(stress === "0" ? unstressed : stressed);
    consonantsSinceVowel = [];
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

/** IPA between slashes for a word or phrase (word by word), or undefined when any word is unknown. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the part of speech picks heteronyms (next change)
export function pronounce(text: string, partOfSpeech?: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[\s\-–/]+/)
    .map((word) => word.replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, ""))
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const parts = words.map((word) => wordToIpa(word) ?? compoundToIpa(word));
  if (parts.some((part) => part === undefined)) return undefined;
  return `/${parts.join(" ")}/`;
}

/**
 * A closed compound CMUdict lacks ("offside", "matchday"), read as its two known halves, the second one
 * carrying secondary stress. Both halves must be 3+ letters so that chance splits stay rare.
 */
function compoundToIpa(word: string): string | undefined {
  let best: { ipa: string; familiarity: number } | undefined;
  for (let cut = 3; cut <= word.length - 3; cut++) {
    const head = wordToIpa(word.slice(0, cut));
    const tail = wordToIpa(word.slice(cut));
    if (!head || !tail) continue;
    // The split into the most familiar halves wins: "off|side", not "offs|ide".
    const familiarity = Math.min(wordCount(word.slice(0, cut)), wordCount(word.slice(cut)));
    if (best && best.familiarity >= familiarity) continue;
    const stressedHead = /[ˈˌ]/.test(head) ? head : `ˈ${head}`;
    const demotedTail = /[ˈˌ]/.test(tail) ? tail.replace("ˈ", "ˌ") : `ˌ${tail}`;
    best = { ipa: stressedHead + demotedTail, familiarity };
  }
  return best && best.familiarity > 0 ? best.ipa : undefined;
}

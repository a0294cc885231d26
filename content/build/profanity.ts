import { cuss } from "cuss";

/**
 * Words `cuss` rates as possibly profane (rating 1) that we reviewed and keep because, in their topic, they are
 * the neutral technical or religious term (anatomy, pharmacology, criminal law, names of faiths).
 * Rating-2 words (most likely profane or slurs) are never allowed outside the slang topic.
 */
const REVIEWED_WORDS = new Set([
  "abortion",
  "abuse",
  "addict",
  "anus",
  "areola",
  "cervix",
  "clitoris",
  "cocaine",
  "coitus",
  "condom",
  "damnation",
  "demon",
  "devil",
  "drug",
  "enema",
  "erection",
  "excrement",
  "feces",
  "flatulence",
  "foreskin",
  "genital",
  "god",
  "gross",
  "heroin",
  "herpes",
  "hiv",
  "homicide",
  "hymen",
  "intercourse",
  "jesus",
  "jihad",
  "libido",
  "liquor",
  "marijuana",
  "murder",
  "murderer",
  "narcotic",
  "nipple",
  "penile",
  "penis",
  "peck",
  "protestant",
  "rectum",
  "satan",
  "scrotum",
  "semen",
  "septic",
  "sperm",
  "spade",
  "suicide",
  "syphilis",
  "tantra",
  "testicle",
  "testicles",
  "torture",
  "trap",
  "uterus",
  "vagina",
  "vaginal",
  "vulva",
  "swallow",
  "radical",
  "radicals",
  "mafia",
  "screw",
  "crack",
  "slaughter",
  "nymph",
  "oral",
  "slave",
  "slaves",
  // Reviewed in running text (definitions, examples, notes): the ordinary sense in its topic.
  "balls",
  "bondage",
  "kink",
  "nude",
  "penetration",
  "pistol",
  "sex",
  "sexual",
  "sexually",
  "sodom",
  "terrorist",
  "whites",
]);

/**
 * Words `cuss` rates as profane (rating 2) that appear, in their ordinary sense, inside running text reviewed by
 * hand: "magna cum laude", pansies (the flower), Jackson Pollock, the Tang dynasty, welfare (well-being, benefits).
 * They are allowed in definitions, examples and notes, never as headwords.
 */
const REVIEWED_IN_TEXT = new Set(["cum", "pansies", "pollock", "tang", "welfare"]);

const ratings = cuss as Record<string, number>;

/** Why a word would be out of place in a general topic, or undefined when it is fine. */
export function profanityFlag(word: string): string | undefined {
  const lower = word.toLowerCase();
  const tokens = [lower, ...lower.split(/[\s\-–/]+/)];
  for (const token of tokens) {
    const rating = ratings[token];
    if (rating === 2) return `"${token}" is rated profane by cuss`;
    if (rating === 1 && !REVIEWED_WORDS.has(token)) return `"${token}" is rated possibly profane by cuss`;
  }
  return undefined;
}

/**
 * Every word of a running text (definition, example, note) that `cuss` rates as profane, or as possibly profane
 * and not reviewed: the same judgement as for headwords, applied to the text a learner reads.
 */
export function profaneWordsIn(text: string): string[] {
  const found: string[] = [];
  for (const token of text.toLowerCase().match(/[a-z]+(?:'[a-z]+)*/g) ?? []) {
    const word = token.replace(/'s$/, "");
    const rating = ratings[word];
    if (rating === 2 && !REVIEWED_IN_TEXT.has(word)) found.push(word);
    if (rating === 1 && !REVIEWED_WORDS.has(word)) found.push(word);
  }
  return [...new Set(found)];
}

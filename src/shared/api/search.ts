import { z } from "zod";
import { textSchema } from "./common";
import {
  WORD_SEARCH_DEFAULT_LIMIT,
  WORD_SEARCH_MAX_LENGTH,
  WORD_SEARCH_MAX_LIMIT,
  WORD_SEARCH_MIN_LENGTH,
} from "./search-values";

export * from "./search-values";

/*
 * GET /api/search?q= (issue 29): Discover's search over the library's words and definitions, so "arbitrage" finds
 * Finance. Topic names and descriptions are matched in the browser (learner-core §5); this adds the words.
 */

export const wordSearchQuerySchema = z.object({
  q: textSchema("q", { min: WORD_SEARCH_MIN_LENGTH, max: WORD_SEARCH_MAX_LENGTH }),
  limit: z.coerce.number().int().min(1).max(WORD_SEARCH_MAX_LIMIT).default(WORD_SEARCH_DEFAULT_LIMIT),
});
export type WordSearchQuery = z.infer<typeof wordSearchQuerySchema>;

export const wordSearchResultSchema = z.object({
  wordId: z.number().int(),
  word: z.string(),
  definition: z.string(),
  /** Where the query was found: the word itself (it starts with it) or its definition. */
  matchedOn: z.enum(["word", "definition"]),
  /** The topic the word is in. */
  topic: z.object({
    id: z.number().int(),
    name: z.string(),
    displayName: z.string(),
    icon: z.string(),
  }),
});
export type WordSearchResult = z.infer<typeof wordSearchResultSchema>;

export const wordSearchResponseSchema = z.object({ words: z.array(wordSearchResultSchema) });
export type WordSearchResponse = z.infer<typeof wordSearchResponseSchema>;

// The word search contract's plain values, without zod: Discover imports them from here, so the screen does not
// download the validation library (issue 25). search.ts re-exports them for the server.

/** Shorter queries would match most of the library. */
export const WORD_SEARCH_MIN_LENGTH = 2;
export const WORD_SEARCH_MAX_LENGTH = 60;
export const WORD_SEARCH_DEFAULT_LIMIT = 8;
export const WORD_SEARCH_MAX_LIMIT = 20;

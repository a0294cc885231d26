// The history contract's plain values, without zod: the client imports them from here, so a screen that needs only a
// constant does not download the validation library (issue 25). history.ts re-exports them for the server.

export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_MAX_PAGE_SIZE = 200;
/** The answer body is the spec's array of entries; the cursor of the next (older) page travels in this header. */
export const HISTORY_NEXT_CURSOR_HEADER = "x-next-cursor";

/** The e-mail's "Open in Jargon" link lands on History with its signed token in this query parameter. */
export const EMAIL_OPENED_PARAM = "opened";
/** History opens on this day (YYYY-MM-DD, the user's zone) when the address names one: where a word's link lands. */
export const HISTORY_DATE_PARAM = "date";
/** ...and shows this entry (a history entry id) highlighted. */
export const HISTORY_ENTRY_PARAM = "entry";

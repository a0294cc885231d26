// The learning contract's plain values, without zod: the client imports them from here, so a screen that needs only
// a constant does not download the validation library (issue 25). learning.ts re-exports them for the server.

import { CHANNEL_NAMES } from "../channels";

export const REVIEW_DUE_LIMIT_DEFAULT = 20;
export const REVIEW_DUE_LIMIT_MAX = 100;
/** The most cards one ask for grade previews names (the notification dropdown shows at most 10 words). */
export const GRADE_PREVIEW_CARDS_MAX = 20;

/** Where a grade came from: every channel of the registry, and the web pages (/review, the grade page). */
export const GRADE_CHANNELS = [...CHANNEL_NAMES, "web"] as const;

/**
 * Cookies the app's own pages set for what only the browser decides (a dismissed offer), so that the screen the
 * server draws shows what the browser's first render will (docs/client.md, "The member's screen drawn on the
 * server"). Readable by scripts, never trusted by the server for anything but that drawing; the server hands the
 * drawing exactly the cookies with this prefix, never the session's.
 */
export const PAGE_COOKIE_PREFIX = "jargon_page_";

/** The member who dismissed the free-trial banner in this browser session (learner-core §2). */
export const TRIAL_OFFER_DISMISSED_COOKIE = `${PAGE_COOKIE_PREFIX}trial_offer_dismissed`;

/** The page cookies among a request's cookies. */
export const pageCookiesOf = (
  cookies: Readonly<Record<string, string | undefined>>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(cookies).flatMap(([name, value]) =>
      name.startsWith(PAGE_COOKIE_PREFIX) && value !== undefined ? [[name, value]] : [],
    ),
  );

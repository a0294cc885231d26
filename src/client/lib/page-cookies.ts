/**
 * The app's page cookies (@shared/api/page-cookie-values): in the browser, document.cookie; while the server draws a
 * member's screen, the cookies its request brought (`drawingWithPageCookies`), so both draw the same screen.
 */

/** The request's page cookies while the server draws; a drawing is synchronous, so nothing else reads them. */
let drawnCookies: Readonly<Record<string, string>> | null = null;

export function drawingWithPageCookies<T>(cookies: Readonly<Record<string, string>>, draw: () => T): T {
  drawnCookies = cookies;
  try {
    return draw();
  } finally {
    drawnCookies = null;
  }
}

export function readPageCookie(name: string): string | undefined {
  if (drawnCookies) return drawnCookies[name];
  if (typeof document === "undefined") return undefined;
  for (const pair of document.cookie.split("; ")) {
    const split = pair.indexOf("=");
    if (split > 0 && pair.slice(0, split) === name) return decodeURIComponent(pair.slice(split + 1));
  }
  return undefined;
}

/** A cookie for this browser session (no expiry), sent with every page of the app. */
export function writePageCookie(name: string, value: string): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${secure}`;
}

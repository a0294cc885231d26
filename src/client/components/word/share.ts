/** The footer under every shared word, so a friend knows where it came from. */
export const SHARE_FOOTER = "Learned with Jargon — expert vocabulary, delivered.";

/** learner-core §9: the word and its definition, then the footer (and the app's address). */
export function shareText(word: string, definition: string, appUrl?: string): string {
  const footer = appUrl ? `${SHARE_FOOTER}\n${appUrl}` : SHARE_FOOTER;
  return `${word}: ${definition}\n\n${footer}`;
}

export type ShareOutcome = "shared" | "copied" | "cancelled";

/**
 * Native share sheet where the browser has one; otherwise the clipboard. A share sheet the user closes is
 * "cancelled" (not an error); any other failure falls back to the clipboard, whose failure is thrown.
 */
export async function shareWord(
  word: string,
  definition: string,
  nav: Pick<Navigator, "share" | "clipboard"> = navigator,
  appUrl: string = window.location.origin,
): Promise<ShareOutcome> {
  const text = shareText(word, definition, appUrl);
  if (typeof nav.share === "function") {
    try {
      await nav.share({ title: word, text });
      return "shared";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
    }
  }
  await nav.clipboard.writeText(text);
  return "copied";
}

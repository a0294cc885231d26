import type { Page } from "@playwright/test";
import { APP_ORIGIN } from "./fixtures";

/**
 * A browser without a native share sheet (like desktop Chrome on Linux) whose clipboard the test may read:
 * sharing then copies. `readClipboard` answers what was copied.
 */
export async function withClipboardOnlySharing(
  page: Page,
): Promise<{ readClipboard: () => Promise<string> }> {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP_ORIGIN });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  return { readClipboard: () => page.evaluate(() => navigator.clipboard.readText()) };
}

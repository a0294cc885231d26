import type { LaunchOptions } from "@playwright/test";

/**
 * Which Chromium the browser tests launch (docs/testing.md, "Where the time goes"). By default Debian's headless
 * shell, Chromium's "old headless" build, the same version as the full browser at about two thirds of its CPU per
 * test. It has no push messaging, so e2e/pwa.spec.ts (the installable app and push) runs on the full browser.
 * scripts/test-machine.mjs installs both; CHROMIUM_PATH points every spec at one other Chromium.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumLaunchOptions(executablePath: string): LaunchOptions {
  return {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  };
}

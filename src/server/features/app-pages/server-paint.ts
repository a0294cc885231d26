import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { PAINTED_STATE_ELEMENT_ID, SCREENS_WITH_FIRST_READS } from "@shared/api/first-reads-values";
import { jsonDataBlock, type FirstAnswers } from "./first-answers";

/** What scripts/build-server-paint.mjs builds from src/client/server-paint.tsx. */
interface ServerPaintModule {
  loadScreens: (paths: readonly string[]) => Promise<void>;
  paintMemberScreen: (
    pathname: string,
    answers: Readonly<Record<string, unknown>>,
  ) => Promise<{ html: string; state: unknown; unread: string[] } | undefined>;
}

/** A member's screen drawn with its first answers: its HTML and the data block of the reads' results. */
export interface PaintedScreen {
  html: string;
  stateBlock: string;
}

/** Draws a member's screen at `address` (path and query) with its first answers; undefined when it does not. */
export type PaintScreen = (
  address: string,
  onboardingPending: boolean,
  answers: FirstAnswers,
) => Promise<PaintedScreen | undefined>;

/**
 * The member's screens drawn on the server (issue 25): a screen that has first reads is sent drawn with their
 * answers, so a phone shows it once the HTML and the styles are in, not after its scripts have run. Without the
 * build's module (a dev server, API-only tests) nothing is drawn and the browser draws the screen as before. Until
 * onboarding is done "/" is the first-session flow, which is not drawn here.
 */
export async function createServerPaint(moduleFile: string, log: FastifyBaseLogger): Promise<PaintScreen> {
  if (!existsSync(moduleFile)) return async () => undefined;
  const painter = (await import(pathToFileURL(moduleFile).href)) as ServerPaintModule;
  await painter.loadScreens(SCREENS_WITH_FIRST_READS);
  const painted = new Set(SCREENS_WITH_FIRST_READS);
  return async (address, onboardingPending, answers) => {
    const pathname = address.split("?")[0] ?? "/";
    if (!painted.has(pathname) || (pathname === "/" && onboardingPending)) return undefined;
    try {
      const parsed = Object.fromEntries(answers.map(([url, body]) => [url, JSON.parse(body) as unknown]));
      const screen = await painter.paintMemberScreen(address, parsed);
      if (!screen) log.warn({ pathname }, "the member's screen drawn on the server did not settle");
      if (!screen) return undefined;
      const { html, state, unread } = screen;
      return { html, stateBlock: jsonDataBlock(PAINTED_STATE_ELEMENT_ID, { state, unread }) };
    } catch (error) {
      // The browser still draws the screen from the page's answers: the member waits a little longer, nothing more.
      log.warn({ err: error, pathname }, "could not draw the member's screen on the server");
      return undefined;
    }
  };
}

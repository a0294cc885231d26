import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { PAINTED_STATE_ELEMENT_ID, SCREENS_WITH_FIRST_READS } from "@shared/api/first-reads-values";
import { jsonDataBlock, type FirstAnswers } from "./first-answers";

/** What scripts/build-server-paint.mjs builds from src/client/server-paint.tsx. */
interface ServerPaintModule {
  loadScreens: (paths: readonly string[]) => Promise<void>;
  paintMemberScreen: (
    address: string,
    answers: Readonly<Record<string, unknown>>,
    inMemberZone: <T>(draw: () => T) => T,
    pageCookies: Readonly<Record<string, string>>,
  ) => Promise<{ html: string; state: unknown; unread: string[]; classMerges: unknown } | undefined>;
}

/** A member's screen drawn with its first answers: its HTML and the data block of the reads' results. */
export interface PaintedScreen {
  html: string;
  stateBlock: string;
}

/**
 * Draws a member's screen at `address` (path and query) with its first answers and the page cookies of their request
 * (@shared/api/page-cookie-values); undefined when it does not.
 */
export type PaintScreen = (
  address: string,
  member: { onboardingPending: boolean; timeZone: string | null; pageCookies: Record<string, string> },
  answers: FirstAnswers,
) => Promise<PaintedScreen | undefined>;

/**
 * Runs `draw` with the process's clock in `zone`, so the drawing names days and hours as the member's browser will
 * (the app reads the local zone, as a browser does). Node applies a new TZ at once, to Date and Intl alike; a drawing
 * is synchronous, so nothing else runs under the member's zone.
 */
function inZone<T>(zone: string, draw: () => T): T {
  const processZone = process.env.TZ;
  process.env.TZ = zone;
  try {
    return draw();
  } finally {
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  }
}

/**
 * The member's screens drawn on the server (issue 25): a screen that has first reads is sent drawn with their
 * answers, so a phone shows it once the HTML and the styles are in, not after its scripts have run. Without the
 * build's module (a dev server, API-only tests), or without the member's time zone, nothing is drawn and the browser
 * draws the screen as before. Until onboarding is done "/" is the first-session flow, which is not drawn here.
 */
export async function createServerPaint(moduleFile: string, log: FastifyBaseLogger): Promise<PaintScreen> {
  if (!existsSync(moduleFile)) return async () => undefined;
  const painter = (await import(pathToFileURL(moduleFile).href)) as ServerPaintModule;
  await painter.loadScreens(SCREENS_WITH_FIRST_READS);
  const painted = new Set(SCREENS_WITH_FIRST_READS);
  return async (address, { onboardingPending, timeZone, pageCookies }, answers) => {
    const pathname = address.split("?")[0] ?? "/";
    if (!painted.has(pathname) || (pathname === "/" && onboardingPending)) return undefined;
    // Without the member's zone the drawing could name another day than the browser: the browser draws it.
    if (!timeZone) return undefined;
    try {
      const parsed = Object.fromEntries(answers.map(([url, body]) => [url, JSON.parse(body) as unknown]));
      const screen = await painter.paintMemberScreen(
        address,
        parsed,
        (draw) => inZone(timeZone, draw),
        pageCookies,
      );
      if (!screen) log.warn({ pathname }, "the member's screen drawn on the server did not settle");
      if (!screen) return undefined;
      const { html, state, unread, classMerges } = screen;
      return { html, stateBlock: jsonDataBlock(PAINTED_STATE_ELEMENT_ID, { state, unread, classMerges }) };
    } catch (error) {
      // The browser still draws the screen from the page's answers: the member waits a little longer, nothing more.
      log.warn({ err: error, pathname }, "could not draw the member's screen on the server");
      return undefined;
    }
  };
}

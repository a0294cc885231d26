import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";

/**
 * scripts/first-load-scripts.mjs: per screen path (and "*" for any other), the scripts it loads after the entry. The
 * build's hashed names need no escaping in an attribute; anything else fails the start.
 */
const firstLoadScriptsFile = z.record(z.string(), z.array(z.string().regex(/^assets\/[\w~.-]+\.js$/)));

/**
 * The `<link rel="modulepreload">` tags of a member's page: the signed-in shell's and the screen's scripts, which the
 * browser would otherwise ask for only once the entry had run. Without the build's list (a dev build) no tags.
 */
export function createModulePreloads(
  listFile: string,
): (pathname: string, onboardingPending: boolean) => string {
  const scripts = existsSync(listFile)
    ? firstLoadScriptsFile.parse(JSON.parse(readFileSync(listFile, "utf8")))
    : {};
  const tagsOf = (files: readonly string[]) =>
    files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
  const tags = new Map(Object.entries(scripts).map(([screen, files]) => [screen, tagsOf(files)]));
  const otherPages = tags.get("*") ?? "";
  // Until onboarding is done "/" shows the first-session flow, not the dashboard.
  return (pathname, onboardingPending) =>
    (pathname === "/" && onboardingPending ? undefined : tags.get(pathname)) ?? otherPages;
}

/** The page with the tags at the end of its head, after index.html's own (the entry's). */
export const withModulePreloads = (html: string, tags: string): string =>
  tags ? html.replace("</head>", `  ${tags}\n  </head>`) : html;

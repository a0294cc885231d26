import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PRERENDERED_SUPPORT_EMAIL, PUBLIC_PAGE_META, type PublicPagePath } from "@shared/rules/public-pages";
import { escapeAttribute, indexHtmlForPage } from "./index-html";

/** One prerendered page, ready to send: the HTML and its brotli and gzip forms. */
export interface PrerenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** scripts/prerender.mjs writes "/" as index.html and "/faq" as faq.html. */
export function prerenderedFileName(pagePath: PublicPagePath): string {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}.html`;
}

/**
 * A query parameter the static page cannot honour sends the visitor to the app instead: /terms?from=… has a
 * back button that depends on where the visitor came from (features/terms/back-target.ts).
 */
const APP_ONLY_QUERY: Partial<Record<PublicPagePath, string>> = { "/terms": "from" };

/**
 * Reads the prerendered public pages (built by scripts/prerender.mjs) once at start-up, with each page's head
 * tags and the configured support address filled in, compressed once. A build without them gives an empty map:
 * every page is then the app's.
 */
export function loadPrerenderedPages(
  dir: string,
  { appUrl, supportEmail }: { appUrl: string; supportEmail: string },
): Map<string, PrerenderedPage> {
  const origin = appUrl.replace(/\/+$/, "");
  const pages = new Map<string, PrerenderedPage>();
  for (const [pagePath, meta] of Object.entries(PUBLIC_PAGE_META)) {
    const file = path.join(dir, prerenderedFileName(pagePath as PublicPagePath));
    if (!existsSync(file)) continue;
    const html = indexHtmlForPage(readFileSync(file, "utf8"), meta, `${origin}${pagePath}`).replaceAll(
      PRERENDERED_SUPPORT_EMAIL,
      escapeAttribute(supportEmail),
    );
    const bytes = Buffer.from(html);
    pages.set(pagePath, {
      html: bytes,
      br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(bytes, { level: 9 }),
    });
  }
  return pages;
}

/** The prerendered page for this path and query, unless the query asks for something only the app does. */
export function prerenderedPageFor(
  pages: Map<string, PrerenderedPage>,
  pathname: string,
  search: URLSearchParams,
): PrerenderedPage | undefined {
  const appOnly = APP_ONLY_QUERY[pathname as PublicPagePath];
  if (appOnly && search.has(appOnly)) return undefined;
  return pages.get(pathname);
}

/** The smallest form the browser accepts (a q=0 entry refuses it): brotli, then gzip, then none. */
export function encodingFor(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, quality]) => !/^q=0(\.0*)?$/.test(quality ?? ""))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

import { PUBLIC_PAGE_META, documentTitle, type PublicPageMeta } from "@shared/rules/public-pages";

export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The head tags a crawler or link preview reads: title, description, canonical URL, Open Graph, Twitter. */
export function headTagsFor(meta: PublicPageMeta, url: string): string {
  const title = escapeAttribute(documentTitle(meta.title));
  const description = escapeAttribute(meta.description);
  const href = escapeAttribute(url);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${href}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Jargon" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${href}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join("\n    ");
}

/** index.html with a public page's own head tags in place of the generic title and description. */
export function indexHtmlForPage(template: string, meta: PublicPageMeta, url: string): string {
  const withoutGeneric = template
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/, "");
  return withoutGeneric.replace("</head>", `  ${headTagsFor(meta, url)}\n  </head>`);
}

/**
 * Renders index.html once per public page at start-up; any other path (the signed-in app, the 404 screen)
 * gets the template unchanged. The SPA keeps the same tags current as the visitor navigates.
 */
export function createIndexHtmlRenderer(template: string, appUrl: string): (pathname: string) => string {
  const origin = appUrl.replace(/\/+$/, "");
  const pages = new Map(
    Object.entries(PUBLIC_PAGE_META).map(([path, meta]) => [
      path,
      indexHtmlForPage(template, meta, `${origin}${path === "/" ? "/" : path}`),
    ]),
  );
  return (pathname) => pages.get(pathname) ?? template;
}

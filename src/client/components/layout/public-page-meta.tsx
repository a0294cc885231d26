import { useEffect } from "react";
import { PUBLIC_PAGE_META, documentTitle, type PublicPagePath } from "@shared/rules/public-pages";
import { PageTitle } from "./page-title";

/** One head element, found by its identifying attribute, and the value this page gives it. */
interface HeadTag {
  tag: "meta" | "link";
  key: [attribute: string, value: string];
  valueAttribute: "content" | "href";
  value: string;
  /** What the tag says once the page is gone; without one the tag is removed. */
  fallback?: string;
}

function headTagsFor(path: PublicPagePath): HeadTag[] {
  const { title, description } = PUBLIC_PAGE_META[path];
  const fullTitle = documentTitle(title);
  const url = `${window.location.origin}${path}`;
  const meta = (attribute: "name" | "property", name: string, value: string): HeadTag => ({
    tag: "meta",
    key: [attribute, name],
    valueAttribute: "content",
    value,
  });
  return [
    { ...meta("name", "description", description), fallback: PUBLIC_PAGE_META["/"].description },
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Jargon"),
    meta("property", "og:title", fullTitle),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", fullTitle),
    meta("name", "twitter:description", description),
    { tag: "link", key: ["rel", "canonical"], valueAttribute: "href", value: url },
  ];
}

/** Sets one head tag (creating it if missing) and returns how to undo it when the page goes. */
function applyHeadTag({ tag, key: [attribute, name], valueAttribute, value, fallback }: HeadTag): () => void {
  let element = document.head.querySelector(`${tag}[${attribute}="${name}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(attribute, name);
    document.head.append(element);
  }
  element.setAttribute(valueAttribute, value);
  const target = element;
  return () => {
    if (fallback === undefined) target.remove();
    else target.setAttribute(valueAttribute, fallback);
  };
}

/**
 * A public page's title, description, canonical URL and Open Graph tags. The server already wrote them into
 * the first HTML answer; this keeps them right as the visitor moves between pages. When the page goes, the
 * description returns to the site's own and the sharing tags are removed, so another screen never keeps them.
 */
export function PublicPageMeta({ path }: { path: PublicPagePath }) {
  useEffect(() => {
    const restore = headTagsFor(path).map(applyHeadTag);
    return () => restore.forEach((undo) => undo());
  }, [path]);

  return <PageTitle>{PUBLIC_PAGE_META[path].title}</PageTitle>;
}

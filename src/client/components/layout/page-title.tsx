import { useLayoutEffect } from "react";

/**
 * Sets the document title for the page that renders it, and gives the previous one back when the page goes. An
 * effect rather than a `<title>` element: the browser runs on Preact (docs/client.md), which does not hoist `<title>`
 * into `<head>` as React 19 does. The prerendered public pages get theirs in `<head>` from the server
 * (`features/public-pages/index-html.ts`).
 */
export function PageTitle({ children }: { children: string }) {
  const title = `${children} · Jargon`;
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return null;
}

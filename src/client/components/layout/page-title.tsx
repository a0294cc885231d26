/** Sets the document title for the page that renders it (React 19 hoists <title> into <head>). */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Jargon`}</title>;
}

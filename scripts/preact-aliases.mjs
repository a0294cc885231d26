// The aliases that put the app on Preact: used by vite.config.ts (the browser's build) and by
// scripts/build-server-paint.mjs (the member screens the server paints with the same renderer).

/**
 * The browser runs the app on Preact's React layer (preact/compat), not react-dom (issue 25): react-dom alone was
 * about 60 of the signed-in screens' 124 KB of shared gzipped JavaScript, over the 110 KB budget before any screen;
 * preact/compat does the same job in about 12 KB. The code still imports "react" (Radix, TanStack Query and wouter
 * do too); these aliases swap the renderer for the client and for the member screens the server paints (which the
 * browser draws over). The e-mails and the prerendered public pages keep React: they are rendered with
 * react-dom/server, and their HTML is never drawn over.
 * docs/client.md ("One renderer in the browser: Preact").
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

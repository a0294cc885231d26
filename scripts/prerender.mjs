// Renders the public pages to HTML after `vite build` (docs/client.md, "Prerendered public pages"): the same
// React pages, rendered once for a visitor, written to <dist>/public-pages/<name>.html. The server sends them to
// signed-out visitors with their head tags; they load no React, only the small public-site script.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const distDir = process.env.JARGON_DIST ?? "dist";
const clientDir = path.join(distDir, "client");
const ssrDir = path.join(distDir, "public-pages-ssr");
const outDir = path.join(distDir, "public-pages");
/** The script's key in the manifest: its path under Vite's root (src/client). */
const ENTRY = "public-site/enhance.ts";

await build({
  configFile: false,
  logLevel: "warn",
  resolve: { tsconfigPaths: true },
  build: {
    ssr: "src/client/public-site/render.tsx",
    outDir: ssrDir,
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: "render.mjs" } },
  },
});
const { PRERENDERED_PATHS, renderPublicPage } = await import(
  pathToFileURL(path.resolve(ssrDir, "render.mjs")).href
);

const manifestFile = path.join(clientDir, ".vite", "manifest.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
const script = manifest[ENTRY];
if (!script) throw new Error(`${ENTRY} is not in the Vite manifest`);
// The app's shell: its head (styles, theme script, icons) without the app's own script and preloads.
const shell = readFileSync(path.join(clientDir, "index.html"), "utf8")
  .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
if (!shell.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");
const credits = JSON.parse(readFileSync("content/CREDITS.json", "utf8"));

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
for (const pagePath of PRERENDERED_PATHS) {
  const html = shell
    .replace('<div id="root"></div>', () => `<div id="root">${renderPublicPage(pagePath, { credits })}</div>`)
    .replace("</body>", `  <script type="module" src="/${script.file}"></script>\n  </body>`);
  writeFileSync(path.join(outDir, prerenderedFileName(pagePath)), html);
}
rmSync(ssrDir, { recursive: true, force: true });
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
console.log(`prerendered ${PRERENDERED_PATHS.length} public pages into ${outDir}`);

/** "/" is index.html, "/how-it-works" how-it-works.html (the server's publicPageFileName). */
function prerenderedFileName(pagePath) {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}.html`;
}

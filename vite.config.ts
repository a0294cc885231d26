import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { lightIcons } from "./scripts/light-icons.mjs";
import { PREACT_ALIASES } from "./scripts/preact-aliases.mjs";
import { signedInScreenGroups } from "./scripts/screen-chunks.mjs";

/** JARGON_DIST lets parallel checkouts of the same tree build side by side (default dist). */
const distDir = process.env.JARGON_DIST ?? "dist";
const apiPort = Number(process.env.PORT ?? 5000) + 1;

/** The light theme's background (src/client/styles.css); index.html names the dark one for dark mode. */
const LIGHT_BACKGROUND = "#ffffff";

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/client",
  // @server/@client/@shared come from tsconfig.json's paths: one list for tsc, Vite, Vitest, esbuild and tsx.
  resolve: { tsconfigPaths: true, alias: isSsrBuild ? [] : PREACT_ALIASES },
  publicDir: "public",
  plugins: [
    // JSX through the aliases above. React's Fast Refresh cannot patch Preact's components, so the dev server
    // reloads the page on an edit instead.
    react(isSsrBuild ? {} : { refreshExclude: /./ }),
    // Each lucide icon drawn from its markup (components/ui/light-icon.tsx).
    lightIcons(),
    tailwindcss(),
    // The installable app (issue 15): the manifest, and our own service worker (src/client/sw.ts) with the
    // precache list injected. main.tsx registers it in production builds only; the dev server has none.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      manifest: {
        id: "/",
        name: "Jargon",
        short_name: "Jargon",
        description: "Expert vocabulary, delivered: a new word of your field each day, on every device.",
        lang: "en",
        // The dashboard of a signed-in member ("/"; the app has no /dashboard path), the landing page otherwise.
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: LIGHT_BACKGROUND,
        background_color: LIGHT_BACKGROUND,
        icons: [
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // The shell: every script, style and page of the build, the tab's icon and the notification icon. Brotli/gzip
        // twins and source maps stay out; the install icons are fetched when installing.
        globPatterns: ["**/*.{js,css,html,svg}", "favicon-48x48.png", "pwa-192x192.png"],
        globIgnores: ["**/*.map", "**/*.br", "**/*.gz"],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: `../../${distDir}/client`,
    emptyOutDir: true,
    // Maps are written for error tracking but not referenced from the bundles, and the server never serves them.
    sourcemap: "hidden",
    // scripts/prerender.mjs reads it to find the public pages' script (and removes it afterwards).
    manifest: true,
    rolldownOptions: {
      // Our modules run nothing on import that another module relies on (no bare `import "./x"` outside the entries
      // and CSS). Saying so lets a feature's index.ts re-export its form or modal without every importer of that
      // index downloading them: otherwise the index's chunk imports each re-exported chunk to keep evaluation order
      // (the dashboard fetched the subscription form and push switch this way; issue 25).
      treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/].*\.tsx?$/.test(id) },
      // The app, and the one small script of the prerendered public pages (src/client/public-site/).
      input: {
        index: fileURLToPath(new URL("src/client/index.html", import.meta.url)),
        "public-site": fileURLToPath(new URL("src/client/public-site/enhance.ts", import.meta.url)),
      },
      // Icons are imported one module each (ESLint forbids lucide-react's barrel), each drawn from its markup
      // (scripts/light-icons.mjs); the ones several chunks draw share one file. The signed-in shell's and screens' modules are grouped into a few files per screen
      // (scripts/screen-chunks.mjs): left alone, a screen's first load was 30-50 small files, six at a time over
      // HTTP/1.1.
      output: {
        codeSplitting: {
          groups: [
            signedInScreenGroups(),
            { name: "icons", test: /\0light-icon:|[\\/]light-icon\.tsx$/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/dev/mailbox": `http://127.0.0.1:${apiPort}` },
  },
}));

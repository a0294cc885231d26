// Builds src/client/server-paint.tsx for the server (issue 25; docs/client.md, "The member's page painted on the
// server"): the app with the browser's renderer, Preact (the same aliases as the client build), and every package
// bundled in, so the server draws with exactly the code the browser runs. Written to <dist>/server-paint/.
import { build } from "vite";
import { lightIcons } from "./light-icons.mjs";
import { PREACT_ALIASES } from "./preact-aliases.mjs";

const distDir = process.env.JARGON_DIST ?? "dist";

await build({
  configFile: false,
  logLevel: "warn",
  resolve: { tsconfigPaths: true, alias: PREACT_ALIASES },
  plugins: [lightIcons()],
  ssr: { noExternal: true },
  build: {
    ssr: "src/client/server-paint.tsx",
    outDir: `${distDir}/server-paint`,
    emptyOutDir: true,
    rolldownOptions: {
      output: { entryFileNames: "server-paint.mjs", codeSplitting: false },
      // Radix and lucide mark their modules "use client" for React Server Components, which this is not.
      onLog: (level, log, handler) => log.code !== "MODULE_LEVEL_DIRECTIVE" && handler(level, log),
    },
  },
});
console.log(`built the member screens' server paint into ${distDir}/server-paint`);

// Bundles the server (and the standalone worker) into dist/server; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/server/main.ts", worker: "src/server/worker.ts" },
  outdir: `${process.env.JARGON_DIST ?? "dist"}/server`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  jsx: "automatic",
  logLevel: "warning",
});

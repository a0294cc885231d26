import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/** JARGON_DIST lets parallel checkouts of the same tree build side by side (default dist). */
const distDir = process.env.JARGON_DIST ?? "dist";
const apiPort = Number(process.env.PORT ?? 5000) + 1;

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: `../../${distDir}/client`,
    emptyOutDir: true,
    // Maps are written for error tracking but not referenced from the bundles, and the server never serves them.
    sourcemap: "hidden",
    rolldownOptions: {
      // Each lucide icon would otherwise be its own chunk shared by several routes: a page asked for ~30 tiny files,
      // six at a time over HTTP/1.1. One icons chunk costs a few KiB more on the public pages and saves the waves.
      output: { codeSplitting: { groups: [{ name: "icons", test: /node_modules[\\/]lucide-react/ }] } },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/dev/mailbox": `http://127.0.0.1:${apiPort}` },
  },
});

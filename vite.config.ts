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
  build: { outDir: `../../${distDir}/client`, emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/dev/mailbox": `http://127.0.0.1:${apiPort}` },
  },
});

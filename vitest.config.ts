import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The @server/@client/@shared aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: ["src/**/*.test.ts", "content/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    globalSetup: ["src/server/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Each worker imports the server's module graph once and runs file after file in it, instead of importing it
    // again for every file (about 10 s per file on this 2-core machine). Safe because no test mocks a module or
    // changes process.env, and every file opens its own database and app (createTestApp).
    isolate: false,
    // Vitest's default (one worker fewer than the cores) leaves one of a 2-core machine's cores idle for the whole
    // run; the tests are CPU (PGlite in the worker's process), so two workers use both (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

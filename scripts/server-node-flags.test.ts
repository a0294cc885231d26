import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

describe("the server's Node flags", () => {
  it("are the ones `npm start` runs the server with and `npm run worker` a worker, so the benchmarks measure what production runs", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs`);
    expect(scripts.worker).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs --worker`);
    const deploying = readFileSync(new URL("../docs/operations.md", import.meta.url), "utf8");
    expect(deploying).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js`);
  });
});

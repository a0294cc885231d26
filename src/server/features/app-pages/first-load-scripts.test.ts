import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createModulePreloads, withModulePreloads } from "./first-load-scripts";

function listFile(contents: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "first-load-")), "first-load-scripts.json");
  writeFileSync(file, JSON.stringify(contents));
  return file;
}

const LIST = {
  "*": ["assets/member-shell-a1.js"],
  "/": ["assets/member-shell-a1.js", "assets/dashboard-page-b2.js", "assets/screen~dashboard-c3.js"],
};

describe("a member's page names the scripts its screen loads after the entry", () => {
  const preloadsFor = createModulePreloads(listFile(LIST));

  it("names the screen's scripts as module preloads", () => {
    const tags = preloadsFor("/", false);
    expect(tags.match(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+">/g)).toHaveLength(3);
    expect(tags).toContain('href="/assets/screen~dashboard-c3.js"');
  });

  it("names the shell's scripts for a page without its own list, and for '/' before onboarding is done", () => {
    expect(preloadsFor("/settings", false)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/member-shell-a1.js">',
    );
    expect(preloadsFor("/", true)).toBe(preloadsFor("/settings", false));
  });

  it("names nothing without the build's list (a development build)", () => {
    const none = createModulePreloads(path.join(tmpdir(), "no-such-dir", "first-load-scripts.json"));
    expect(none("/", false)).toBe("");
    expect(withModulePreloads("<head></head>", "")).toBe("<head></head>");
  });

  it("refuses a list whose names are not the build's script files", () => {
    expect(() =>
      createModulePreloads(listFile({ "*": ['assets/x.js"><script>alert(1)</script>'] })),
    ).toThrow();
  });

  it("puts the tags at the end of the head", () => {
    expect(withModulePreloads("<head><title>J</title></head>", "<link>")).toBe(
      "<head><title>J</title>  <link>\n  </head>",
    );
  });
});

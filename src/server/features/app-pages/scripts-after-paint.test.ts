import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  SCRIPTS_AFTER_PAINT_CSP_SOURCE,
  SCRIPTS_AFTER_PAINT_LOADER,
  withScriptsAfterPaint,
} from "./scripts-after-paint";

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-Abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/icons-Def456.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Ghi789.css">
    <link rel="modulepreload" crossorigin href="/assets/screen~favorites-Jkl012.js">
  </head>
  <body>
    <div id="root"><main>drawn</main></div><div id="takeover-shield" aria-hidden="true"></div>
  </body>
</html>`;

describe("a drawn member page asks for its scripts after the first paint", () => {
  const page = withScriptsAfterPaint(PAGE);

  it("names no module script or preload in its HTML, so the styles have the network to themselves", () => {
    expect(page).not.toMatch(/<script type="module"/);
    expect(page).not.toMatch(/rel="modulepreload"/);
    // What the first paint needs stays where it was.
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Ghi789.css">');
    expect(page).toContain('<script src="/theme-init.js"></script>');
  });

  it("lists the entry and the preloads for the loader, which comes last in the body", () => {
    const block = /<script type="application\/json" id="app-scripts">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(block ?? "null")).toEqual({
      entry: "/assets/index-Abc123.js",
      preload: ["/assets/icons-Def456.js", "/assets/screen~favorites-Jkl012.js"],
    });
    expect(page).toMatch(
      new RegExp(`<script>${escapeRegExp(SCRIPTS_AFTER_PAINT_LOADER)}</script>\\s*</body>`),
    );
  });

  it("is allowed by the content security policy through the loader's own hash", () => {
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(SCRIPTS_AFTER_PAINT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
  });

  it("leaves a page without the app's entry as it is", () => {
    const withoutEntry = PAGE.replace(/\s*<script type="module"[^>]*><\/script>/, "");
    expect(withScriptsAfterPaint(withoutEntry)).toBe(withoutEntry);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { PRERENDERED_SUPPORT_EMAIL } from "@shared/rules/public-pages";
import { encodingFor, loadPrerenderedPages, prerenderedPageFor } from "./prerendered";

const page = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <title>Jargon · Expert vocabulary, delivered</title>
    <meta name="description" content="Generic." />
  </head>
  <body><div id="root">${body}</div></body>
</html>`;

describe("prerendered public pages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "jargon-prerendered-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, "index.html"), page("<h1>Landing</h1>"));
  writeFileSync(
    path.join(dir, "terms.html"),
    page(`<a href="mailto:${PRERENDERED_SUPPORT_EMAIL}">${PRERENDERED_SUPPORT_EMAIL}</a>`),
  );
  const pages = loadPrerenderedPages(dir, {
    appUrl: "https://jargon.example/",
    supportEmail: "help@jargon.example",
  });

  it("loads the built pages with their own head tags and the configured support address", () => {
    expect([...pages.keys()].sort()).toEqual(["/", "/terms"]);
    const terms = pages.get("/terms")!.html.toString();
    expect(terms).toContain("<title>Terms of Service · Jargon</title>");
    expect(terms).toContain('<link rel="canonical" href="https://jargon.example/terms" />');
    expect(terms).toContain('<a href="mailto:help@jargon.example">help@jargon.example</a>');
    expect(terms).not.toContain(PRERENDERED_SUPPORT_EMAIL);
  });

  it("keeps compressed forms that unpack to the same page", () => {
    const landing = pages.get("/")!;
    expect(brotliDecompressSync(landing.br).equals(landing.html)).toBe(true);
    expect(gunzipSync(landing.gzip).equals(landing.html)).toBe(true);
  });

  it("leaves /terms?from=… to the app, whose back button reads it, and ignores other queries", () => {
    expect(prerenderedPageFor(pages, "/terms", new URLSearchParams("from=trial"))).toBeUndefined();
    expect(prerenderedPageFor(pages, "/terms", new URLSearchParams("utm_source=mail"))).toBe(
      pages.get("/terms"),
    );
    expect(prerenderedPageFor(pages, "/", new URLSearchParams("from=trial"))).toBe(pages.get("/"));
    expect(prerenderedPageFor(pages, "/settings", new URLSearchParams())).toBeUndefined();
  });

  it("a build without prerendered pages serves the app everywhere", () => {
    expect(
      loadPrerenderedPages(path.join(dir, "missing"), { appUrl: "http://x", supportEmail: "a@b.c" }).size,
    ).toBe(0);
  });
});

describe("encodingFor", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(encodingFor("identity")).toBeUndefined();
    expect(encodingFor(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { createIndexHtmlRenderer } from "./index-html";

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Jargon · Expert vocabulary, delivered</title>
    <meta
      name="description"
      content="Generic description."
    />
    <script src="/theme-init.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("index.html per public page", () => {
  const render = createIndexHtmlRenderer(TEMPLATE, "https://jargon.example/");

  it("gives each public page its own title, description and Open Graph tags, once each", () => {
    const html = render("/faq");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Frequently Asked Questions · Jargon</title>");
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain("Generic description.");
    expect(html).toContain('<meta property="og:title" content="Frequently Asked Questions · Jargon" />');
    expect(html).toContain('<meta property="og:url" content="https://jargon.example/faq" />');
    expect(html).toContain('<link rel="canonical" href="https://jargon.example/faq" />');
    expect(html).toMatch(/<meta property="og:description" content="Answers about getting started/);
    // Still a working page: the theme script and the root element are untouched.
    expect(html).toContain('<script src="/theme-init.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it("covers the landing page and the Terms", () => {
    expect(render("/")).toContain('<meta property="og:url" content="https://jargon.example/" />');
    expect(render("/terms")).toContain("<title>Terms of Service · Jargon</title>");
  });

  it("leaves other paths (the signed-in app, unknown pages) with the generic head", () => {
    expect(render("/settings")).toBe(TEMPLATE);
    expect(render("/no-such-page")).toBe(TEMPLATE);
  });
});

// Renders the app's PNG icons (the tab's, the installable app's) from the logo mark (its gradient and "J") in
// headless Chromium, into src/client/public/. Run once after changing the mark: `node scripts/pwa-icons.mjs`; the PNGs
// are committed, so builds need no browser.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/client/public");

const GRADIENT =
  '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>';
const J = "M19.5 8v10.2c0 3.4-2.2 5.8-5.6 5.8-1.6 0-3-.5-4-1.4l1.5-2.3c.7.6 1.5.9 2.4.9 1.5 0 2.4-1 2.4-3V8z";

/** The mark on a rounded square (`radius`) or a full square (0), the "J" scaled by `scale` about the centre. */
const mark = (radius, scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%" style="display:block"><defs>${GRADIENT}</defs>` +
  `<rect width="32" height="32" rx="${radius}" fill="url(#g)"/>` +
  `<path d="${J}" fill="#fff" transform="translate(16 16) scale(${scale}) translate(-16 -16)"/></svg>`;

const icons = [
  // The tab's icon: a PNG, since an SVG icon costs the page's main thread a whole SVG document (22-59 ms on a
  // 2-core host, a long task in Lighthouse's 4x slowdown; session 49).
  { file: "favicon-48x48.png", size: 48, svg: mark(8, 1) },
  // "any": the mark as it is.
  { file: "pwa-192x192.png", size: 192, svg: mark(8, 1) },
  { file: "pwa-512x512.png", size: 512, svg: mark(8, 1) },
  // "maskable": full bleed, the letter inside the central safe zone (a circle of 80% of the width).
  { file: "maskable-512x512.png", size: 512, svg: mark(0, 0.8) },
  // iOS rounds the corners itself.
  { file: "apple-touch-icon.png", size: 180, svg: mark(0, 0.9) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const page = await browser.newPage();
for (const { file, size, svg } of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html style="height:100%"><body style="margin:0;height:100%;background:transparent">${svg}</body></html>`,
  );
  await page.screenshot({ path: path.join(publicDir, file), omitBackground: true });
  console.log(`${file} (${size}×${size})`);
}
await browser.close();

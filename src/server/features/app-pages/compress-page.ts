import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A member's page compressed as it is sent: with the screen drawn in it, it is some 20 to 45 KB of HTML, which
 * compresses to a fifth (a phone's network carries it in a fifth of the time). Brotli at a middle quality costs about
 * a millisecond for such a page; its highest would cost tens.
 */
export async function compressPage(html: string, encoding: "br" | "gzip"): Promise<Buffer> {
  return encoding === "br"
    ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(html, { level: 6 });
}

/**
 * Plain-text table formats for the data export: CSV (RFC 4180, for spreadsheets) and Anki's tab-separated
 * import format. Pure functions, so the rules are easy to read and test.
 */

/** Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP's CSV-injection advice). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file with a header row, CRLF line ends and a byte-order mark so Excel reads UTF-8 correctly. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
/** One Anki field: HTML-escaped, with tabs and line breaks (which would split fields or notes) flattened. */
const ankiField = (text: string) =>
  escapeHtml(text)
    .replace(/[\t\r\n]+/g, " ")
    .trim();
/** Anki tags are space-separated words. */
const ankiTag = (text: string) => text.trim().replace(/\s+/g, "_");

export interface AnkiCard {
  word: string;
  pronunciation: string | null;
  definition: string;
  example: string | null;
  topicName: string;
}

/**
 * Anki's text import (File > Import): the header lines tell Anki the separator, that fields hold HTML and which
 * column carries the tags, so the file imports with no settings to change. Front: the word; back: definition,
 * pronunciation and example.
 */
export function toAnkiNotes(cards: readonly AnkiCard[]): string {
  const header = ["#separator:tab", "#html:true", "#tags column:3", "#columns:Front\tBack\tTags"];
  const notes = cards.map((card) => {
    const back = [
      ankiField(card.definition),
      card.pronunciation ? `<i>${ankiField(card.pronunciation)}</i>` : null,
      card.example ? `“${ankiField(card.example)}”` : null,
    ]
      .filter(Boolean)
      .join("<br><br>");
    return [ankiField(card.word), back, `jargon ${ankiTag(card.topicName)}`].join("\t");
  });
  return `${[...header, ...notes].join("\n")}\n`;
}

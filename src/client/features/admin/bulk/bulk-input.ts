export const BULK_MESSAGES = {
  topicRequired: "Please select a topic for bulk upload",
  jsonRequired: "Please enter JSON data",
  invalidJson: "Invalid JSON format. Please check your syntax.",
} as const;

export type BulkInputCheck = { ok: true; words: unknown } | { ok: false; message: string };

/** plans-billing §5: a topic, some JSON, and JSON that parses; the rows themselves are checked by the server. */
export function checkBulkInput(topicId: number | null, text: string): BulkInputCheck {
  if (topicId === null) return { ok: false, message: BULK_MESSAGES.topicRequired };
  if (!text.trim()) return { ok: false, message: BULK_MESSAGES.jsonRequired };
  try {
    return { ok: true, words: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: BULK_MESSAGES.invalidJson };
  }
}

/** The result toast: 'Successfully created N out of M words', then the duplicates and errors. */
export function bulkResultSummary(result: {
  created: number;
  total: number;
  skipped: number;
  errors: unknown[];
}) {
  const parts = [
    `${result.skipped} duplicate${result.skipped === 1 ? "" : "s"} skipped`,
    `${result.errors.length} error${result.errors.length === 1 ? "" : "s"}`,
  ];
  return {
    title: `Successfully created ${result.created} out of ${result.total} words`,
    description: parts.join(", "),
  };
}

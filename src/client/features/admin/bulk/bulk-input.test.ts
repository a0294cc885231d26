import { describe, expect, it } from "vitest";
import { BULK_MESSAGES, bulkResultSummary, checkBulkInput } from "./bulk-input";

describe("checkBulkInput", () => {
  it("asks for a topic, then for JSON, then for JSON that parses", () => {
    expect(checkBulkInput(null, "[]")).toEqual({ ok: false, message: BULK_MESSAGES.topicRequired });
    expect(checkBulkInput(3, "   ")).toEqual({ ok: false, message: "Please enter JSON data" });
    expect(checkBulkInput(3, "[{word:")).toEqual({
      ok: false,
      message: "Invalid JSON format. Please check your syntax.",
    });
  });

  it("accepts one object or an array", () => {
    expect(checkBulkInput(3, '{"word":"a","definition":"b"}')).toEqual({
      ok: true,
      words: { word: "a", definition: "b" },
    });
    expect(checkBulkInput(3, '[{"word":"a","definition":"b"}]')).toMatchObject({ ok: true });
  });
});

describe("bulkResultSummary", () => {
  it("says how many were created out of how many, with duplicates and errors", () => {
    expect(bulkResultSummary({ created: 2, total: 4, skipped: 1, errors: [{}] })).toEqual({
      title: "Successfully created 2 out of 4 words",
      description: "1 duplicate skipped, 1 error",
    });
    expect(bulkResultSummary({ created: 0, total: 3, skipped: 2, errors: [] }).description).toBe(
      "2 duplicates skipped, 0 errors",
    );
  });
});

import { describe, expect, it } from "vitest";
import { backTargetFor } from "./back-target";

describe("the Terms back button", () => {
  it.each([
    [null, "Back to Settings", "/settings", false],
    ["settings", "Back to Settings", "/settings", false],
    ["trial", "Back to Trial", "/pricing", true],
    ["checkout", "Back to Checkout", "/pricing", true],
    ["pricing", "Back to Plans", "/pricing", true],
    ["upgrade", "Back to Settings", "/pricing", true],
  ])("from=%s reads %s and goes to %s (restore record: %s)", (from, label, href, savesRestoreRecord) => {
    expect(backTargetFor(from, true)).toEqual({ label, href, savesRestoreRecord });
  });

  it("sends a visitor without `from` home, since they have no Settings", () => {
    expect(backTargetFor(null, false)).toEqual({
      label: "Back to Home",
      href: "/",
      savesRestoreRecord: false,
    });
    expect(backTargetFor("trial", false)).toEqual({
      label: "Back to Trial",
      href: "/pricing",
      savesRestoreRecord: true,
    });
  });
});

import BookOpen from "lucide-react/icons/book-open";
import Briefcase from "lucide-react/icons/briefcase";
import Quote from "lucide-react/icons/quote";
import { describe, expect, it, vi } from "vitest";
import { SHARE_FOOTER, shareText, shareWord } from "./share";
import { topicCategoryIcon } from "./topic-icon";

describe("shareText", () => {
  it("is the word and definition, then the footer and the address", () => {
    expect(
      shareText("Arbitrage", "Buying low in one market and selling high in another.", "https://jargon.app"),
    ).toBe(
      `Arbitrage: Buying low in one market and selling high in another.\n\n${SHARE_FOOTER}\nhttps://jargon.app`,
    );
  });
});

describe("shareWord", () => {
  const clipboard = () => ({ writeText: vi.fn(async () => {}) }) as unknown as Clipboard;

  it("uses the native share sheet when there is one", async () => {
    const share = vi.fn(async () => {});
    const nav = { share, clipboard: clipboard() };
    expect(await shareWord("Moat", "A lasting advantage.", nav, "https://x")).toBe("shared");
    expect(share).toHaveBeenCalledWith({
      title: "Moat",
      text: shareText("Moat", "A lasting advantage.", "https://x"),
    });
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });

  it("copies to the clipboard without a share sheet", async () => {
    const nav = { share: undefined as unknown as Navigator["share"], clipboard: clipboard() };
    expect(await shareWord("Moat", "A lasting advantage.", nav, "https://x")).toBe("copied");
    expect(nav.clipboard.writeText).toHaveBeenCalledWith(
      shareText("Moat", "A lasting advantage.", "https://x"),
    );
  });

  it("treats a closed share sheet as cancelled, and other share failures as a reason to copy", async () => {
    const abort = Object.assign(new Error("closed"), { name: "AbortError" });
    const cancelled = { share: vi.fn(async () => Promise.reject(abort)), clipboard: clipboard() };
    expect(await shareWord("Moat", "d", cancelled, "https://x")).toBe("cancelled");
    const denied = {
      share: vi.fn(async () => Promise.reject(new Error("NotAllowed"))),
      clipboard: clipboard(),
    };
    expect(await shareWord("Moat", "d", denied, "https://x")).toBe("copied");
  });
});

describe("topicCategoryIcon", () => {
  it("has an icon per category and falls back to the vocabulary icon", () => {
    expect(topicCategoryIcon("business")).toBe(Briefcase);
    expect(topicCategoryIcon("idioms")).toBe(Quote);
    expect(topicCategoryIcon("religion")).toBe(BookOpen);
    expect(topicCategoryIcon("toString")).toBe(BookOpen);
  });
});

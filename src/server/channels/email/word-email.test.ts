import { describe, expect, it } from "vitest";
import { TEST_APP_URL } from "@server/testing/test-app";
import { newWordBlock } from "@server/testing/word-email-block";
import { renderWordEmail, type NewWordBlock } from "./word-email";

const render = (block: NewWordBlock) =>
  renderWordEmail({
    topicName: "Medical",
    newWords: [block],
    quickReview: [],
    credits: "Sources",
    logoUrl: `${TEST_APP_URL}/pwa-192x192.png`,
    unsubscribeUrl: null,
    source: "scheduled",
  });

describe("the word e-mail's origin line (issue 27)", () => {
  it("shows the word's origin under the note, in the HTML and the plain text", async () => {
    const rendered = await render(newWordBlock({ origin: 'From Italian quaranta giorni, "forty days".' }));
    for (const body of [rendered.html, rendered.text]) {
      expect(body).toContain("Origin");
      expect(body).toContain("quaranta giorni");
    }
    expect(rendered.text).toMatch(
      /Why it matters: Quarantine is for the possibly exposed[\s\S]*Origin: From Italian/,
    );
  });

  it("leaves the line out when the word has no origin", async () => {
    for (const origin of [null, undefined]) {
      const rendered = await render(newWordBlock({ origin }));
      expect(rendered.text).toContain("Why it matters");
      expect(rendered.html).not.toContain("Origin");
      expect(rendered.text).not.toContain("Origin");
    }
  });
});

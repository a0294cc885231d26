import { describe, expect, it } from "vitest";
import { definitionOverlap, pickChoices, type KnownWord } from "./choices";

const finance = (word: string, definition: string): KnownWord => ({ word, definition, topic: "finance" });
const card = finance("Liquidity", "How quickly an asset can be turned into cash without losing value.");

describe("multiple-choice definitions", () => {
  it("offer the right definition among three from the same topic", () => {
    const pool = [
      card,
      finance("Dividend", "A share of company profits paid to shareholders."),
      finance("Hedge", "An investment made to reduce the risk of price moves."),
      { word: "Sonnet", definition: "A fourteen-line poem.", topic: "literature" },
    ];
    const choices = pickChoices(card, pool);
    expect(choices).toHaveLength(3);
    expect(choices).toContain(card.definition);
    expect(choices).not.toContain("A fourteen-line poem.");
  });

  it("never offer the same word, the same definition or a near-synonym twice", () => {
    const pool = [
      finance("liquidity", "Another wording of the same word."),
      finance("Cash convertibility", "How quickly an asset can be turned into cash."),
      finance("Solvency", "Being able to pay long-term debts."),
      finance("Solvent", "Being able to pay long-term debts."),
      finance("Accrual", "Revenue or expense recorded before cash changes hands."),
    ];
    for (let seed = 0; seed < 20; seed += 1) {
      const choices = pickChoices(card, pool, () => (seed * 0.049) % 1) ?? [];
      expect(choices).not.toContain("Another wording of the same word.");
      expect(choices).not.toContain("How quickly an asset can be turned into cash.");
      expect(new Set(choices).size).toBe(3);
    }
  });

  it("give way to a flashcard when the topic has too few other words", () => {
    expect(pickChoices(card, [card, finance("Dividend", "Profits paid to shareholders.")])).toBeNull();
  });

  it("measure closeness on content words", () => {
    expect(definitionOverlap("The price of a bond", "The price of a share")).toBeCloseTo(1 / 3);
    expect(definitionOverlap("a", "the")).toBe(0);
  });
});

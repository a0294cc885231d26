import { describe, expect, it } from "vitest";
import { containsHeadword } from "./inflection";

describe("containsHeadword", () => {
  it.each([
    ["amortize", "The loan is amortized over ten years."],
    ["basis point", "The bank raised its rate by 25 basis points."],
    ["attorney general", "Attorneys general of ten states sued the company."],
    ["take stock", "She took stock of the damage after the storm."],
    ["keep one's cool", "He kept his cool under pressure."],
    ["stick to your guns", "She stuck to her guns and kept the design."],
    ["give someone the cold shoulder", "They gave the new manager the cold shoulder."],
    ["equity", "Equities fell sharply on Monday."],
    ["plan", "We planned the launch for spring."],
    ["study", "She studies law at night."],
    ["write-off", "Two write-offs hit quarterly earnings."],
    ["e-mail", "She sent an email to the board."],
    ["Torah", "The Torah's laws are read aloud."],
    ["Qur'an", "He recited the Qur’an from memory."],
    ["my cup runneth over", "Thou anointest my head with oil; my cup runneth over."],
    ["analysis", "Both analyses reach the same conclusion."],
    ["bias", "Reviewers look for biases in the sample."],
    ["café", "They met at a cafe near the station."],
  ])("finds %s", (headword, text) => {
    expect(containsHeadword(text, headword)).toBe(true);
  });

  it.each([
    ["manage", "The manager left early."],
    ["basis point", "The bank raised its rate by a quarter point."],
    ["return", "The tax form was late."],
  ])("does not find %s", (headword, text) => {
    expect(containsHeadword(text, headword)).toBe(false);
  });
});

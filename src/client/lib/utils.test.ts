import { describe, expect, it } from "vitest";
import { cn, learnClassMerges, recordingClassMerges } from "./utils";

describe("class names merged once, by the server's drawing", () => {
  it("records what a drawing merged, the strings that changed with their result", () => {
    const hidden = false;
    const { drawn, merges } = recordingClassMerges(() => [cn("p-2", "p-4"), cn("flex", hidden && "hidden")]);
    expect(drawn).toEqual(["p-4", "flex"]);
    expect(merges).toEqual([["p-2 p-4", "p-4"], "flex"]);
  });

  it("records nothing outside a drawing", () => {
    cn("m-1", "m-2");
    expect(recordingClassMerges(() => undefined).merges).toEqual([]);
  });

  it("answers a string the drawing merged with the drawing's result", () => {
    // What the page carries is the server's result: the browser's first render draws the same classes.
    learnClassMerges([["text-sm text-xs font-bold", "text-xs font-bold"], "rounded-lg"]);
    expect(cn("text-sm", "text-xs", "font-bold")).toBe("text-xs font-bold");
    expect(cn("rounded-lg")).toBe("rounded-lg");
  });
});

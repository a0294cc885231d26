import { describe, expect, it } from "vitest";
import { levelOrder } from "./levels";

describe("levelOrder", () => {
  it("takes the chosen level, then the next one up, then the rest nearest first", () => {
    expect(levelOrder(1)).toEqual([1, 2, 3]);
    expect(levelOrder(2)).toEqual([2, 3, 1]);
    expect(levelOrder(3)).toEqual([3, 2, 1]);
  });
});

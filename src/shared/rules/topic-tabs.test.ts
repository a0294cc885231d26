import { describe, expect, it } from "vitest";
import { discoverTabOf, isReligiousTopicName } from "./topic-tabs";

describe("discoverTabOf", () => {
  it("puts every topic named with 'verses' or 'buddhist' under Religious, and the religion topic too", () => {
    for (const name of [
      "christian_verses",
      "shia_verses",
      "buddhist",
      "zen_buddhist",
      "tibetan_buddhist",
      "religion",
    ]) {
      expect(discoverTabOf(name)).toBe("Religious");
    }
  });

  it("sorts the named domains into Learning, Pro and Lifestyle", () => {
    expect(discoverTabOf("vocabulary")).toBe("Learning");
    expect(discoverTabOf("idioms")).toBe("Learning");
    expect(discoverTabOf("philosophy")).toBe("Learning");
    expect(discoverTabOf("finance")).toBe("Pro");
    expect(discoverTabOf("legal")).toBe("Pro");
    expect(discoverTabOf("medical")).toBe("Pro");
    expect(discoverTabOf("gardening")).toBe("Lifestyle");
    expect(discoverTabOf("football")).toBe("Lifestyle");
  });

  it("ignores case and puts unknown (admin-created) topics under Learning", () => {
    expect(discoverTabOf("Finance")).toBe("Pro");
    expect(discoverTabOf("Hindu_Verses")).toBe("Religious");
    expect(discoverTabOf("marine_biology")).toBe("Learning");
  });
});

describe("isReligiousTopicName", () => {
  it("follows the spec's naming rule", () => {
    expect(isReligiousTopicName("sikh_verses")).toBe(true);
    expect(isReligiousTopicName("buddhist")).toBe(true);
    expect(isReligiousTopicName("philosophy")).toBe(false);
  });
});

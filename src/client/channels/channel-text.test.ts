import { describe, expect, it } from "vitest";
import { channelsText } from "./channel-text";

describe("The channels named in a sentence", () => {
  it("names every channel the word went by, so e-mail with SMS is not read as e-mail with in-app", () => {
    expect(channelsText(["email"])).toBe("Email");
    expect(channelsText(["email", "in_app"])).toBe("Email & In-app");
    expect(channelsText(["email", "sms"])).toBe("Email & SMS");
    expect(channelsText(["email", "sms", "push", "in_app"])).toBe("Email, SMS, Push & In-app");
  });
});

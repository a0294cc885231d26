import { describe, expect, it } from "vitest";
import { channelsLabel } from "./history-entry-row";

describe("History's delivery label", () => {
  it("names every channel the word went by, so e-mail with SMS is not read as e-mail with in-app", () => {
    expect(channelsLabel(["email"])).toBe("Email");
    expect(channelsLabel(["email", "in_app"])).toBe("Email & In-app");
    expect(channelsLabel(["email", "sms"])).toBe("Email & SMS");
    expect(channelsLabel(["email", "sms", "push", "in_app"])).toBe("Email, SMS, Push & In-app");
  });
});

import { describe, expect, it } from "vitest";
import { historyEntrySchema } from "./api/history";
import { GRADE_CHANNELS, gradeLinkAnswerRequestSchema } from "./api/learning";
import { CHANNELS, dailyReviewChannelNames, SEND_CHANNEL_NAMES, channelLabel } from "./channels";

const channelsField = historyEntrySchema.shape.channels;

describe("the channel registry", () => {
  it("is what History's channels accept, and nothing else", () => {
    for (const channel of CHANNELS) expect(channelsField.safeParse([channel.name]).success).toBe(true);
    expect(channelsField.safeParse(["fax"]).success).toBe(false);
  });

  it("gives every channel a grade source, beside the web pages", () => {
    expect(GRADE_CHANNELS).toEqual([...CHANNELS.map((channel) => channel.name), "web"]);
  });

  it("accepts an answer by link only from the channels that answer by link, and says which", () => {
    expect(gradeLinkAnswerRequestSchema.parse({ channel: "push" })?.channel).toBe("push");
    const sms = gradeLinkAnswerRequestSchema.safeParse({ channel: "sms" });
    expect(sms.error?.issues[0]?.message).toBe("channel must be email or push");
  });

  it("sends every channel but in-app, and labels them as History shows them", () => {
    expect(SEND_CHANNEL_NAMES).toEqual(["email", "sms", "push", "telegram"]);
    expect(CHANNELS.map((channel) => channelLabel(channel.name))).toEqual([
      "Email",
      "SMS",
      "Push",
      "Telegram",
      "In-app",
    ]);
  });

  it("sends the one daily review of up to ten words by e-mail only: a text or a notification carries one word", () => {
    expect(dailyReviewChannelNames()).toEqual(["email"]);
  });
});

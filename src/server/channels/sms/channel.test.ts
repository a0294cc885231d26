import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SMS_SINGLE_GSM7, SMS_SINGLE_UCS2, measureSms } from "@shared/rules/sms-text";
import type { WordMessage } from "@server/platform/channels/delivery-channel";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { TWILIO_FAILURES, startTwilioEmulator, type TwilioEmulator } from "@server/testing/twilio-emulator";
import { setOptedOut } from "./opt-outs";
import { SMS_REPLY_HINT } from "./render-word";
import { NO_VERIFIED_PHONE_MESSAGE, OPTED_OUT_MESSAGE, createSmsChannel } from "./channel";
import { SmsSendError } from "@server/platform/sms/sms-sender";

const GRADE_LINKS = {
  knewIt: "https://j.ex/g/knew",
  didntKnow: "https://j.ex/g/didnt",
  known: "https://j.ex/g/known",
};

/** A signed open link as long as the real ones (features/delivery/signed-links.ts: a UUID, a dot, an HMAC). */
const OPEN_LINK = `https://jargon.example/api/open?token=4f1c2b7e-9a0d-4c3b-8e21-5d6f7a8b9c0d.${"A".repeat(43)}`;

function wordMessage(
  overrides: Partial<WordMessage["word"]> = {},
  phoneNumber: string | null = "+447911123456",
): WordMessage {
  return {
    deliveryId: 41,
    source: "scheduled",
    kind: "new",
    recipient: { userId: "u1", email: "ann@example.com", phoneNumber },
    word: {
      word: "Amortize",
      pronunciation: null,
      definition: "To pay off a debt gradually through regular instalments.",
      example: null,
      partOfSpeech: "verb",
      note: null,
      reference: null,
      translation: null,
      ...overrides,
    },
    topicName: "Finance",
    links: { open: OPEN_LINK, save: "https://j.ex/s/1", unsubscribe: null, grade: GRADE_LINKS },
    alongside: [],
  };
}

describe("SMS delivery channel", () => {
  let emulator: TwilioEmulator;
  let t: TestApp;
  let channel: ReturnType<typeof createSmsChannel>;

  beforeAll(async () => {
    emulator = await startTwilioEmulator();
    t = await createTestApp({ env: emulator.env });
    channel = createSmsChannel({ sender: t.ctx.sms, db: t.ctx.db });
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });
  beforeEach(() => {
    emulator.messages.length = 0;
  });

  describe("render", () => {
    it("fits the word, its part of speech, its definition and the link in one GSM-7 text when they fit", async () => {
      const text = await channel.render(
        wordMessage({ word: "Lien", partOfSpeech: "noun", definition: "A right to hold property." }),
      );
      expect(text.body).toBe(`Lien (noun): A right to hold property.\n${OPEN_LINK}`);
      expect(text).toMatchObject({ encoding: "GSM-7", segments: 1 });
    });

    it("drops the part of speech, then cuts the definition between words, to stay one text", async () => {
      const definition =
        "The gradual reduction of a debt by regular payments of principal and interest over an agreed term.";
      const text = await channel.render(wordMessage({ definition }));
      expect(text.segments).toBe(1);
      expect(measureSms(text.body).units).toBeLessThanOrEqual(SMS_SINGLE_GSM7);
      expect(text.body).toMatch(/^Amortize: The gradual reduction\b.*[a-z]\.\.\.\n/);
      expect(text.body).not.toContain("(verb)");
      expect(text.body.endsWith(OPEN_LINK)).toBe(true);
    });

    it("sends the word and the link alone when too little of the definition would fit", async () => {
      const word = "Collateralized debt obligation";
      const text = await channel.render(wordMessage({ word, partOfSpeech: "noun phrase" }));
      expect(text.body).toBe(`${word}\n${OPEN_LINK}`);
      expect(text.segments).toBe(1);
    });

    it("keeps a curly apostrophe from turning the text into UCS-2", async () => {
      const text = await channel.render(wordMessage({ word: "Lien", definition: "A lender\u2019s claim." }));
      expect(text.encoding).toBe("GSM-7");
      expect(text.body).toContain("A lender's claim.");
    });

    it("counts a non-GSM word in UCS-2 (70 a text) and sends one longer text only because the word cannot fit", async () => {
      const naivete = {
        word: "Naïveté",
        partOfSpeech: "noun",
        definition: "Lack of experience or judgement.",
      };
      const text = await channel.render(wordMessage(naivete));
      expect(text.encoding).toBe("UCS-2");
      expect(text.segments).toBeGreaterThan(1);
      expect(text.body).toBe(`Naïveté (noun): Lack of experience or judgement.\n${OPEN_LINK}`);

      // With a short link the same word fits one UCS-2 text of at most 70 units.
      const short = await channel.render({
        ...wordMessage(naivete),
        links: { open: "https://j.ex/o/1", save: "https://j.ex/s/1", unsubscribe: null, grade: GRADE_LINKS },
      });
      expect(short).toMatchObject({ encoding: "UCS-2", segments: 1 });
      expect(short.body.length).toBeLessThanOrEqual(SMS_SINGLE_UCS2);
    });

    it("says how to answer by reply only when that still fits the same one text", async () => {
      const lien = { word: "Lien", partOfSpeech: "noun", definition: "A right to hold property." };
      // With a real open link (118 characters) the word and its definition fill the text: no hint, nothing cut.
      expect((await channel.render(wordMessage(lien))).body).toBe(
        `Lien (noun): A right to hold property.\n${OPEN_LINK}`,
      );
      // With room to spare it goes above the link.
      const roomy = await channel.render({
        ...wordMessage(lien),
        links: { open: "https://j.ex/o/1", save: "https://j.ex/s/1", unsubscribe: null, grade: GRADE_LINKS },
      });
      expect(roomy.body).toBe(`Lien (noun): A right to hold property.\n${SMS_REPLY_HINT}\nhttps://j.ex/o/1`);
      expect(roomy).toMatchObject({ encoding: "GSM-7", segments: 1 });
    });

    describe("one text per send (issue 22)", () => {
      const SHORT_LINKS = {
        open: "https://j.ex/o/1",
        save: "https://j.ex/s/1",
        unsubscribe: null,
        grade: GRADE_LINKS,
      };
      const lien = { word: "Lien", partOfSpeech: "noun", definition: "A right to hold property." };
      const estoppel = (deliveryId: number): WordMessage => ({
        ...wordMessage({ word: "Estoppel", definition: "A bar to asserting a claim." }),
        deliveryId,
        kind: "review",
      });

      it("asks a review without its definition", async () => {
        const text = await channel.render(estoppel(7));
        expect(text.body).toBe(`Remember "Estoppel"? Reply 1 yes, 2 no\n${OPEN_LINK}`);
        expect(text.body).not.toContain("A bar to asserting");
        expect(text).toMatchObject({ segments: 1, carried: [7] });
        expect(channel.carried!(text, estoppel(7))).toEqual([7]);
      });

      it("carries the send's first review as a question in the reply hint's place when it still fits one text", async () => {
        const send = { ...wordMessage(lien), links: SHORT_LINKS, alongside: [estoppel(42), estoppel(43)] };
        const text = await channel.render(send);
        expect(text.body).toBe(
          `Lien (noun): A right to hold property.\nRemember "Estoppel"? Reply 1 yes, 2 no\nhttps://j.ex/o/1`,
        );
        expect(text).toMatchObject({ segments: 1, carried: [41, 42] });
      });

      it("never cuts the new word for a review: with a full-length link the text carries the new word alone", async () => {
        const text = await channel.render({ ...wordMessage(lien), alongside: [estoppel(42)] });
        expect(text.body).toBe(`Lien (noun): A right to hold property.\n${OPEN_LINK}`);
        expect(text.carried).toEqual([41]);
      });
    });

    it("marks a demo", async () => {
      const text = await channel.render({ ...wordMessage(), source: "demo" });
      expect(text.body.startsWith("Demo: Amortize")).toBe(true);
    });
  });

  describe("send", () => {
    it("sends through the Twilio SDK to the recipient's verified number and records Twilio's SID", async () => {
      const message = wordMessage();
      const receipt = await channel.send(await channel.render(message), message);
      expect(emulator.messages).toHaveLength(1);
      const [sent] = emulator.messages;
      expect(sent).toMatchObject({ to: "+447911123456", from: "+15005550006" });
      expect(sent!.body).toContain("Amortize");
      expect(receipt.providerMessageId).toBe(sent!.sid);
      expect(receipt.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    });

    it("fails permanently without a verified number, and for a number that replied STOP", async () => {
      const noPhone = wordMessage({}, null);
      const error = await channel
        .send(await channel.render(noPhone), noPhone)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SmsSendError);
      expect((error as Error).message).toBe(NO_VERIFIED_PHONE_MESSAGE);
      expect(channel.classifyFailure(error)).toBe("permanent");

      await setOptedOut(t.ctx.db, "+33612345678", true, new Date());
      const stopped = wordMessage({}, "+33612345678");
      const refusal = await channel
        .send(await channel.render(stopped), stopped)
        .catch((caught: unknown) => caught);
      expect((refusal as Error).message).toBe(OPTED_OUT_MESSAGE);
      expect(channel.classifyFailure(refusal)).toBe("permanent");
      expect(emulator.messages).toHaveLength(0);
    });

    it("classifies Twilio's answers: 4xx permanent (invalid number, unsubscribed), 429 and 5xx temporary", async () => {
      const cases = [
        [TWILIO_FAILURES.invalidNumber, "permanent"],
        [TWILIO_FAILURES.unsubscribed, "permanent"],
        [TWILIO_FAILURES.tooManyRequests, "temporary"],
        [TWILIO_FAILURES.serverError, "temporary"],
      ] as const;
      const message = wordMessage();
      for (const [failure, kind] of cases) {
        emulator.failNext(failure);
        const error = await channel
          .send(await channel.render(message), message)
          .catch((caught: unknown) => caught);
        expect(error, failure.message).toBeInstanceOf(SmsSendError);
        expect((error as SmsSendError).providerCode).toBe(failure.code);
        expect(channel.classifyFailure(error), failure.message).toBe(kind);
      }
      expect(emulator.messages).toHaveLength(0);
      expect(channel.classifyFailure(new Error("something unknown"))).toBe("permanent");
    });

    it("counts an unreachable Twilio as temporary", async () => {
      const down = await startTwilioEmulator();
      await down.close();
      const offline = await createTestApp({ env: down.env });
      try {
        const offlineChannel = createSmsChannel({ sender: offline.ctx.sms, db: offline.ctx.db });
        const message = wordMessage();
        const error = await offlineChannel
          .send(await offlineChannel.render(message), message)
          .catch((caught: unknown) => caught);
        expect(offlineChannel.classifyFailure(error)).toBe("temporary");
      } finally {
        await offline.close();
      }
    });

    it("has a bounded retry policy", () => {
      expect(channel.name).toBe("sms");
      expect(channel.retry.maxAttempts).toBeGreaterThan(1);
      expect(channel.retry.delayAfterAttemptMs(2)).toBeGreaterThan(channel.retry.delayAfterAttemptMs(1));
    });
  });
});

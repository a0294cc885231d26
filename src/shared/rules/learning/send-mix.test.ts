import { describe, expect, it } from "vitest";
import { planSend, valuationWeights, type ReviewCandidate, type SendMixInput } from "./send-mix";

const now = new Date("2025-06-10T08:00:00Z"); // 09:00 in London (BST)
const clock = { timeZone: "Europe/London", dayStartHour: 0 };
const review = (
  id: string,
  due: string,
  recallGain = 1,
  lastSentAt: string | null = null,
  recall: number | null = null,
): ReviewCandidate<string> => ({
  id,
  due: new Date(due),
  recall,
  recallGain,
  lastSentAt: lastSentAt === null ? null : new Date(lastSentAt),
});
const input = (overrides: Partial<SendMixInput<string>> = {}): SendMixInput<string> => ({
  reviews: [],
  newWordsAvailable: 100,
  newWordsPerSend: 1,
  reviewsSentToday: 0,
  dailyReviewCap: 10,
  reviewDelivery: "with_words",
  now,
  clock,
  ...overrides,
});

describe("the send mix", () => {
  it("with nothing due, sends the new words", () => {
    expect(planSend(input({ newWordsPerSend: 3 }))).toEqual({
      reviews: [],
      newWords: 3,
      topicExhausted: false,
    });
  });

  it("brings its new word at every send, with the due reviews riding along", () => {
    const reviews = [
      review("yesterday", "2025-06-09T10:00:00Z"),
      review("last-week", "2025-06-03T10:00:00Z"),
    ];
    const mix = planSend(input({ reviews }));
    expect(mix.newWords).toBe(1);
    expect(mix.reviews).toHaveLength(2);
  });

  it("puts the reviews that add most recall first, then the longest overdue among equal ones", () => {
    const reviews = [
      review("due-yesterday", "2025-06-09T10:00:00Z", 4),
      review("due-last-week-forgotten", "2025-06-01T10:00:00Z", 0.5),
      review("same-gain-later", "2025-06-08T10:00:00Z", 6),
      review("same-gain-earlier", "2025-06-05T10:00:00Z", 6),
    ];
    expect(planSend(input({ reviews })).reviews).toEqual([
      "same-gain-earlier",
      "same-gain-later",
      "due-yesterday",
      "due-last-week-forgotten",
    ]);
  });

  it("counts a card due later in the user's day as due now; one due after the day ends waits", () => {
    const reviews = [
      review("this-evening", "2025-06-10T21:00:00Z"), // 22:00 BST, same day
      review("after-midnight", "2025-06-10T23:30:00Z"), // 00:30 BST, tomorrow
    ];
    expect(planSend(input({ reviews })).reviews).toEqual(["this-evening"]);
  });

  it("lets a word ride along a little before its date once FSRS puts its recall at 0.95 or below", () => {
    const reviews = [
      review("nearly-due", "2025-06-14T10:00:00Z", 2, null, 0.95),
      review("still-fresh", "2025-06-12T10:00:00Z", 3, null, 0.951),
      review("never-answered-not-due", "2025-06-12T10:00:00Z", 3, null, null),
    ];
    expect(planSend(input({ reviews })).reviews).toEqual(["nearly-due"]);
  });

  it("measures 'due' against the user's day start: at 01:30 with a 4 am start, the day ends at 04:00", () => {
    const newYork = { timeZone: "America/New_York", dayStartHour: 4 };
    const reviews = [
      review("02:30", "2025-11-02T07:30:00Z"), // 02:30 EST, after the fall-back change
      review("05:00", "2025-11-02T10:00:00Z"), // 05:00 EST: the next user day
    ];
    const mix = planSend(input({ reviews, now: new Date("2025-11-02T05:30:00Z"), clock: newYork }));
    expect(mix.reviews).toEqual(["02:30"]);
  });

  it("keeps due reviews out of the send when the learner takes them in a daily review or only in the app", () => {
    const reviews = [review("due", "2025-06-09T10:00:00Z"), review("overdue", "2025-06-01T10:00:00Z")];
    expect(planSend(input({ reviews, reviewDelivery: "with_words" })).reviews).toEqual(["overdue", "due"]);
    for (const reviewDelivery of ["daily_review", "app_only"] as const) {
      expect(planSend(input({ reviews, newWordsPerSend: 2, reviewDelivery }))).toEqual({
        reviews: [],
        newWords: 2,
        topicExhausted: false,
      });
    }
  });

  it("stops reviews at the daily cap; the new words still go", () => {
    const reviews = Array.from({ length: 15 }, (_, index) =>
      review(`r${index}`, new Date(Date.UTC(2025, 4, 1 + index)).toISOString(), 10 - index / 100),
    );
    expect(planSend(input({ reviews })).reviews).toHaveLength(10);
    expect(planSend(input({ reviews, reviewsSentToday: 8 }))).toEqual({
      reviews: ["r0", "r1"],
      newWords: 1,
      topicExhausted: false,
    });
    expect(planSend(input({ reviews, reviewsSentToday: 10 }))).toEqual({
      reviews: [],
      newWords: 1,
      topicExhausted: false,
    });
  });

  it("rolls an unanswered review over to the next day's send, and never re-sends a word within one day", () => {
    // Sent yesterday, never answered: FSRS was not told anything, so it is still due and goes again.
    const unanswered = review("unanswered", "2025-06-08T10:00:00Z", 3, "2025-06-09T08:00:00Z");
    // Introduced at 09:00 today (an hourly subscriber's 10:00 send must not repeat it).
    const introducedToday = review("introduced", "2025-06-10T08:00:00Z", 2, "2025-06-10T08:00:00Z");
    const tenOClock = new Date("2025-06-10T09:00:00Z");
    expect(planSend(input({ reviews: [unanswered, introducedToday], now: tenOClock })).reviews).toEqual([
      "unanswered",
    ]);
    const tomorrow = new Date("2025-06-11T08:00:00Z");
    expect(planSend(input({ reviews: [unanswered, introducedToday], now: tomorrow })).reviews).toEqual([
      "unanswered",
      "introduced",
    ]);
  });

  it("after a break, a 100-card backlog goes out at most the cap a day, never at once, each word once a day", () => {
    let backlog: ReviewCandidate<number>[] = Array.from({ length: 100 }, (_, index) => ({
      id: index,
      due: new Date(Date.UTC(2025, 4, 1) + index * 3_600_000),
      recall: 0.8,
      recallGain: 1,
      lastSentAt: null,
    }));
    const perDay: number[] = [];
    for (let day = 0; day < 3; day += 1) {
      let sentToday = 0;
      for (let hour = 0; hour < 24; hour += 1) {
        const at = new Date(Date.UTC(2025, 5, 10 + day, hour, 30));
        const mix = planSend({
          reviews: backlog,
          newWordsAvailable: 100,
          newWordsPerSend: 1,
          reviewsSentToday: sentToday,
          dailyReviewCap: 10,
          reviewDelivery: "with_words",
          now: at,
          clock: { timeZone: null, dayStartHour: 0 },
        });
        expect(mix.newWords).toBe(1);
        sentToday += mix.reviews.length;
        backlog = backlog.filter((candidate) => !mix.reviews.includes(candidate.id));
      }
      perDay.push(sentToday);
    }
    expect(perDay).toEqual([10, 10, 10]);
    expect(backlog).toHaveLength(70);
  });

  it("values a backlog of more than twice the cap under the learner's weights, a smaller send on FSRS's defaults", () => {
    const own = [
      0.2, 1.2, 3.1, 15.7, 7.2, 0.5, 1.5, 0.005, 1.5, 0.1, 1.0, 1.9, 0.1, 0.3, 2.3, 0.2, 3.0, 0.5, 0.1, 0.1,
      0.1,
    ];
    const due = (count: number, lastSentAt: string | null = null) =>
      Array.from({ length: count }, (_, index) => review(`r${index}`, "2025-06-01T08:00:00Z", 1, lastSentAt));
    // 20 waiting words are twice the cap of 10: not yet a backlog.
    expect(valuationWeights(due(20), now, clock, 10, own)).toBeNull();
    expect(valuationWeights(due(21), now, clock, 10, own)).toBe(own);
    // Without weights of their own (or pooled), FSRS's defaults whatever the backlog.
    expect(valuationWeights(due(21), now, clock, 10, null)).toBeNull();
    // Only words that may go now count: not one sent in the user's day, nor one not yet due whose recall is high.
    const sentToday = due(5, "2025-06-10T07:30:00Z").map((word) => ({ ...word, id: `today-${word.id}` }));
    const fresh = [review("fresh", "2025-06-20T08:00:00Z", 1, null, 0.97)];
    expect(valuationWeights([...due(20), ...sentToday, ...fresh], now, clock, 10, own)).toBeNull();
    // The threshold follows the learner's cap.
    expect(valuationWeights(due(21), now, clock, 20, own)).toBeNull();
  });

  it("says when the topic is exhausted, and never sends more new words than remain", () => {
    expect(planSend(input({ newWordsPerSend: 5, newWordsAvailable: 2 }))).toEqual({
      reviews: [],
      newWords: 2,
      topicExhausted: false,
    });
    const due = [review("due", "2025-06-09T10:00:00Z")];
    expect(planSend(input({ newWordsAvailable: 0, reviews: due }))).toEqual({
      reviews: ["due"],
      newWords: 0,
      topicExhausted: true,
    });
  });
});

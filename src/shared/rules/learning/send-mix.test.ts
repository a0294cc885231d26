import { describe, expect, it } from "vitest";
import { planSend, type SendMixInput } from "./send-mix";

const now = new Date("2025-06-10T08:00:00Z"); // 09:00 in London (BST)
const clock = { timeZone: "Europe/London", dayStartHour: 0 };
const input = (overrides: Partial<SendMixInput<string>> = {}): SendMixInput<string> => ({
  reviews: [],
  newWordsAvailable: 100,
  wordsPerSend: 1,
  reviewsSentToday: 0,
  dailyReviewCap: 20,
  now,
  clock,
  ...overrides,
});

describe("the send mix", () => {
  it("with nothing due, sends new words up to words-per-send", () => {
    expect(planSend(input({ wordsPerSend: 3 }))).toEqual({ reviews: [], newWords: 3 });
  });

  it("puts due reviews first, most overdue first, then fills with new words", () => {
    const mix = planSend(
      input({
        wordsPerSend: 4,
        reviews: [
          { id: "yesterday", due: new Date("2025-06-09T10:00:00Z") },
          { id: "last-week", due: new Date("2025-06-03T10:00:00Z") },
          { id: "next-week", due: new Date("2025-06-17T10:00:00Z") },
        ],
      }),
    );
    expect(mix).toEqual({ reviews: ["last-week", "yesterday"], newWords: 2 });
  });

  it("counts a card due later in the user's day as due now; one due after the day ends waits", () => {
    const reviews = [
      { id: "this-evening", due: new Date("2025-06-10T21:00:00Z") }, // 22:00 BST, same day
      { id: "after-midnight", due: new Date("2025-06-10T23:30:00Z") }, // 00:30 BST, tomorrow
    ];
    expect(planSend(input({ wordsPerSend: 2, reviews }))).toEqual({ reviews: ["this-evening"], newWords: 1 });
  });

  it("measures 'due' against the user's day start: at 02:00 with a 4 am start, the day ends at 04:00", () => {
    const newYork = { timeZone: "America/New_York", dayStartHour: 4 };
    const reviews = [
      { id: "03:30", due: new Date("2025-11-02T07:30:00Z") }, // 02:30 EST, after the fall-back change
      { id: "05:00", due: new Date("2025-11-02T10:00:00Z") }, // 05:00 EST: the next user day
    ];
    // 01:30 EDT on 2 November (before the clocks go back) still belongs to 1 November.
    const mix = planSend(
      input({ wordsPerSend: 2, reviews, now: new Date("2025-11-02T05:30:00Z"), clock: newYork }),
    );
    expect(mix).toEqual({ reviews: ["03:30"], newWords: 1 });
  });

  it("with words-per-send 1 and a review due, the send is that review alone", () => {
    const reviews = [{ id: "due", due: new Date("2025-06-10T07:00:00Z") }];
    expect(planSend(input({ reviews }))).toEqual({ reviews: ["due"], newWords: 0 });
  });

  it("stops reviews at the daily cap: the rest of the send is new words", () => {
    const reviews = Array.from({ length: 10 }, (_, index) => ({
      id: `r${index}`,
      due: new Date(Date.UTC(2025, 4, 1 + index)),
    }));
    expect(planSend(input({ wordsPerSend: 5, reviews, reviewsSentToday: 18 }))).toEqual({
      reviews: ["r0", "r1"],
      newWords: 3,
    });
    expect(planSend(input({ wordsPerSend: 5, reviews, reviewsSentToday: 20 }))).toEqual({
      reviews: [],
      newWords: 5,
    });
  });

  it("after a break, a 100-card backlog goes out at most the cap a day, oldest first, never at once", () => {
    // Hourly sends of 5 words for three days against a backlog that fell due during a month away.
    let backlog = Array.from({ length: 100 }, (_, index) => ({
      id: index,
      due: new Date(Date.UTC(2025, 4, 1) + index * 3_600_000),
    }));
    const perDay: number[] = [];
    for (let day = 0; day < 3; day += 1) {
      let sentToday = 0;
      for (let hour = 0; hour < 24; hour += 1) {
        const at = new Date(Date.UTC(2025, 5, 10 + day, hour, 30));
        const mix = planSend({
          reviews: backlog,
          newWordsAvailable: 100,
          wordsPerSend: 5,
          reviewsSentToday: sentToday,
          dailyReviewCap: 20,
          now: at,
          clock: { timeZone: null, dayStartHour: 0 },
        });
        expect(mix.reviews).toEqual(backlog.slice(0, mix.reviews.length).map((review) => review.id));
        sentToday += mix.reviews.length;
        backlog = backlog.filter((review) => !mix.reviews.includes(review.id));
      }
      perDay.push(sentToday);
    }
    expect(perDay).toEqual([20, 20, 20]);
    expect(backlog).toHaveLength(40);
  });

  it("never sends more new words than remain", () => {
    expect(planSend(input({ wordsPerSend: 5, newWordsAvailable: 2 }))).toEqual({ reviews: [], newWords: 2 });
  });
});

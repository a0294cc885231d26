import { measureSms, toGsm7Lookalikes, type SmsEncoding } from "@shared/rules/sms-text";
import type { WordMessage } from "@server/platform/channels/delivery-channel";

export interface SmsText {
  body: string;
  encoding: SmsEncoding;
  segments: number;
  /** The delivery ids of the send's words the text carries, its lead's first. */
  carried: number[];
}

/** A part of speech longer than this ("phrasal verb", "noun phrase") is left out rather than crowd the definition. */
const SHORT_PART_OF_SPEECH = 12;
/** A definition cut shorter than this says too little to be worth the characters: the link carries it instead. */
const MIN_DEFINITION = 20;
/** When the word and link alone overflow one segment, the one longer text carries at most this much definition. */
const LONG_DEFINITION = 150;
const ELLIPSIS = "...";

const clean = (text: string) => toGsm7Lookalikes(text).replace(/\s+/g, " ").trim();
const fitsOneSegment = (body: string) => measureSms(body).segments === 1;

/** The longest start of `text`, cut between words, that `fits` accepts with "..." after it; "" if none. */
function longestFitting(text: string, fits: (candidate: string) => boolean): string {
  const words = text.split(" ");
  let low = 1;
  let high = words.length;
  let best = "";
  // Binary search on the word count: a longer start never fits where a shorter one does not.
  while (low <= high) {
    const count = Math.floor((low + high) / 2);
    const candidate =
      words
        .slice(0, count)
        .join(" ")
        .replace(/[\s,;:.!?-]+$/, "") + ELLIPSIS;
    if (fits(candidate)) {
      best = candidate;
      low = count + 1;
    } else high = count - 1;
  }
  return best;
}

/**
 * How to answer the word by reply (./inbound.ts reads "1" and "2"; SMS_REPLY_ANSWERS). It never takes
 * the place of anything else: the word's own text comes first, and the replies work whether or not it is shown.
 */
export const SMS_REPLY_HINT = "Reply 1 knew, 2 didn't";

/** A review asks before it tells (issue 22): the word only, and how to answer; "1" and "2" read as for a word. */
export const smsReviewQuestion = (word: string) => `Remember "${clean(word)}"? Reply 1 yes, 2 no`;

/**
 * The one text of a send (issue 22), and which of its words it carries (delivery ids). A new word leads as
 * `renderWordSms` writes it; the send's first review rides along as a question only where the new word's text and
 * the question still fit one segment, and then the replies answer the review (./replies.ts).
 * A send of reviews only asks its first. The send's other words are not texted: they wait in the app.
 */
export function renderSendSms(message: WordMessage): SmsText {
  const prefix = message.source === "demo" ? "Demo: " : "";
  if (message.kind === "review") {
    return measured(`${prefix}${smsReviewQuestion(message.word.word)}\n${message.links.open}`, [
      message.deliveryId,
    ]);
  }
  const review = message.alongside.find((word) => word.kind === "review");
  const alone = renderWordSms(message);
  if (review) {
    // The word's text is chosen before the reply line, so the question never cuts it: it is there or not.
    const question = smsReviewQuestion(review.word.word);
    const asking = renderWordSms(message, question);
    if (asking.body.includes(question))
      return { ...asking, carried: [message.deliveryId, review.deliveryId] };
  }
  return alone;
}

const measured = (body: string, carried: number[]): SmsText => ({ body, ...measureSms(body), carried });

/**
 * The word as one quiet text, one segment where the word allows: "word (part of speech): definition" and the
 * link that opens it in the app. What gives way first: the part of speech, then the definition's end (cut between
 * words), then the whole definition. Only a word that cannot fit one segment with its link gets a longer text.
 * Typographic quotes and dashes become their GSM-7 twins, so one curly apostrophe does not halve the room.
 * The reply line (the hint, or a review's question in its place) goes above the link only when the text chosen so
 * far still fits one segment with it: it is the first thing left out, so it never cuts the definition nor makes a
 * second segment.
 */
export function renderWordSms(message: WordMessage, replyLine = SMS_REPLY_HINT): SmsText {
  const word = clean(message.word.word);
  const partOfSpeech = message.word.partOfSpeech ? clean(message.word.partOfSpeech) : "";
  const definition = clean(message.word.definition);
  const prefix = message.source === "demo" ? "Demo: " : "";
  const compose = ([head, text]: Part, withReply = false) =>
    `${prefix}${head}${text ? `: ${text}` : ""}\n${withReply ? `${replyLine}\n` : ""}${message.links.open}`;
  const withPartOfSpeech =
    partOfSpeech && partOfSpeech.length <= SHORT_PART_OF_SPEECH ? `${word} (${partOfSpeech})` : word;

  const candidates: Part[] = [
    [withPartOfSpeech, definition],
    [word, definition],
  ];
  const shortened = longestFitting(definition, (text) => fitsOneSegment(compose([word, text])));
  if (shortened.length >= MIN_DEFINITION) candidates.push([word, shortened]);
  candidates.push([word, ""]);

  const fitting = candidates.find((part) => fitsOneSegment(compose(part)));
  const body = fitting
    ? compose(fitting, fitsOneSegment(compose(fitting, true)))
    : compose([
        withPartOfSpeech,
        definition.length <= LONG_DEFINITION
          ? definition
          : longestFitting(definition, (text) => text.length <= LONG_DEFINITION),
      ]);
  return measured(body, [message.deliveryId]);
}

/** The text's head (the word, with its part of speech when there is room) and how much of the definition it shows. */
type Part = [head: string, definition: string];

import { createHmac, timingSafeEqual } from "node:crypto";
import type { InlineKeyboardButton } from "grammy/types";
import { channelDeclaration } from "@shared/channels";
import type { Config } from "@server/config";
import type { WordMessage } from "@server/platform/channels/delivery-channel";

/** The two answers a chat button gives, as the e-mail's links name them. */
export type ChatAnswer = "knew_it" | "didnt_know";

const ANSWER_CODES: Record<ChatAnswer, string> = { knew_it: "k", didnt_know: "d" };
/** A review asks first (issue 22); a new word is shown and asks whether it was new. */
const BUTTON_LABELS: Record<"new" | "review", Record<ChatAnswer, string>> = {
  new: { knew_it: "I knew it", didnt_know: "New to me" },
  review: { knew_it: "I remember", didnt_know: "I forgot" },
};

const MAX_CHARS = channelDeclaration("telegram").maxMessageChars;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * A button's callback data: `a<delivery id, base 36>.<k|d>.<MAC>` (Telegram allows 64 bytes). The MAC, under the
 * session secret, covers the delivery and the answer: a pressed button records only the answer it shows, for its
 * own delivery, and no other data is accepted.
 */
const CALLBACK = /^a([0-9a-z]{1,11})\.([kd])\.([A-Za-z0-9_-]{22})$/;

const callbackMac = (config: Config, deliveryId: number, code: string) =>
  createHmac("sha256", config.sessionSecret)
    .update(`telegram-answer:${deliveryId}:${code}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");

export function answerCallbackData(config: Config, deliveryId: number, answer: ChatAnswer): string {
  const code = ANSWER_CODES[answer];
  return `a${deliveryId.toString(36)}.${code}.${callbackMac(config, deliveryId, code)}`;
}

/** The delivery and answer a button's data names; null for data we did not sign. */
export function verifyCallbackData(
  config: Config,
  data: string,
): { deliveryId: number; answer: ChatAnswer } | null {
  const match = CALLBACK.exec(data);
  if (!match) return null;
  const [, id = "", code = "", mac = ""] = match;
  const deliveryId = Number.parseInt(id, 36);
  const expected = Buffer.from(callbackMac(config, deliveryId, code));
  if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return null;
  return { deliveryId, answer: code === "k" ? "knew_it" : "didnt_know" };
}

/** One word's part of a chat message, in Telegram's HTML. */
export interface WordBlock {
  deliveryId: number;
  kind: "new" | "review";
  word: string;
  /** The question until the word is answered, then the answer (definition and when it comes back). */
  html: string;
  answered: boolean;
}

const named = (word: WordMessage["word"]) =>
  `<b>${escapeHtml(word.word)}</b>${word.partOfSpeech ? ` <i>(${escapeHtml(word.partOfSpeech)})</i>` : ""}`;

/** A new word shows its meaning at once; a review asks "Remember …?" and tells only once answered. */
function blockOf(message: WordMessage): WordBlock {
  const { word } = message;
  const html =
    message.kind === "review"
      ? `Remember ${named(word)}?`
      : [
          `${named(word)} · ${escapeHtml(message.topicName)}`,
          escapeHtml(word.definition),
          ...(word.example ? [`<i>${escapeHtml(word.example)}</i>`] : []),
        ].join("\n");
  return { deliveryId: message.deliveryId, kind: message.kind, word: word.word, html, answered: false };
}

/** The answered block: the word, its meaning, and when it comes back. */
export function answeredBlockHtml(answered: {
  word: string;
  partOfSpeech: string | null;
  definition: string;
  comesBack: string | null;
}): string {
  const heading = `<b>${escapeHtml(answered.word)}</b>${answered.partOfSpeech ? ` <i>(${escapeHtml(answered.partOfSpeech)})</i>` : ""}`;
  const back = answered.comesBack ? `Comes back ${escapeHtml(answered.comesBack)}.` : "Marked as known.";
  return `${heading}\n${escapeHtml(answered.definition)}\n${back}`;
}

export interface ChatMessage {
  blocks: WordBlock[];
  text: string;
  keyboard: InlineKeyboardButton[][];
}

const SEPARATOR = "\n\n";

/** The text and buttons of a message of `blocks`: a row of two answers per word not yet answered. */
export function chatMessageOf(config: Config, blocks: WordBlock[]): ChatMessage {
  const several = blocks.length > 1;
  const keyboard = blocks
    .filter((block) => !block.answered)
    .map((block) =>
      (["knew_it", "didnt_know"] as const).map((answer) => ({
        text: several
          ? `${block.word}: ${BUTTON_LABELS[block.kind][answer]}`
          : BUTTON_LABELS[block.kind][answer],
        callback_data: answerCallbackData(config, block.deliveryId, answer),
      })),
    );
  return { blocks, text: blocks.map((block) => block.html).join(SEPARATOR), keyboard };
}

/**
 * The send's one message (`onePerSend`): its first word, then the words riding along while the text stays within
 * Telegram's limit (the registry's maxMessageChars); the rest wait in the app.
 */
export function renderChatMessage(config: Config, message: WordMessage): ChatMessage {
  const blocks = [blockOf(message)];
  let length = blocks[0]?.html.length ?? 0;
  for (const along of message.alongside) {
    const block = blockOf(along);
    // Room for the block once answered too (the definition is longer than the question).
    const answeredRoom = Math.max(
      block.html.length,
      along.word.definition.length + along.word.word.length + 80,
    );
    if (length + SEPARATOR.length + answeredRoom > MAX_CHARS) break;
    blocks.push(block);
    length += SEPARATOR.length + answeredRoom;
  }
  return chatMessageOf(config, blocks);
}

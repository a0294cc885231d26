import { Button, Heading, Link, Section, Text } from "@react-email/components";
import {
  EmailLayout,
  Rule,
  SECONDARY_BUTTON_CLASS,
  brand,
  toned,
} from "@server/platform/mail/templates/layout";
import { renderMail, type RenderedMail } from "@server/platform/mail/render";
import type { WordMessage } from "@server/platform/channels/delivery-channel";
import { capitalizedWord } from "@server/platform/channels/word-text";

type WordMessageWord = WordMessage["word"];

/**
 * A new word in full (note: "why it matters"; origin: its etymology; reference and translation: a quotation's source),
 * with its links.
 */
export interface NewWordBlock extends WordMessageWord {
  openUrl: string;
  saveUrl: string;
  /** The signed answer links (each opens a page that records the answer by POST). */
  gradeUrls: WordMessage["links"]["grade"];
}

/**
 * A due review riding along: the word and its part of speech only. The definition stays out of the e-mail (issue
 * 22: a review asks before it tells; the answer page reveals it).
 */
export interface QuickReviewLine {
  word: string;
  partOfSpeech: string | null;
  rememberUrl: string;
  forgotUrl: string;
}

/** Everything one send carries in its one e-mail: its new words in full, then its reviews as a "Quick review". */
export interface WordEmailProps {
  topicName: string;
  newWords: NewWordBlock[];
  quickReview: QuickReviewLine[];
  /** The sources line the library's licences ask for (content/CREDITS.json's emailFooter). */
  credits: string;
  /** The logo mark's absolute URL (layout.tsx's EMAIL_LOGO_PATH on the app). */
  logoUrl: string;
  unsubscribeUrl: string | null;
  /** A subscription's send, the learner's daily review (every subscription's reviews), or the admin's demo. */
  source: "scheduled" | "daily_review" | "demo";
}

/** The word with its first letter upper-cased and the rest as the library spells it ("EBITDA", "Force majeure"). */

const wordsToReview = (count: number) => `${count} word${count === 1 ? "" : "s"} to review`;

/** The preview (preheader) line: a new word may show its definition; a review never does. */
function previewLine({ newWords, quickReview }: WordEmailProps): string {
  const [first] = newWords;
  if (first) return `${capitalizedWord(first.word)}: ${first.definition}`;
  return `Quick review: ${wordsToReview(quickReview.length)}. Do you still remember them?`;
}

/** Answer buttons big enough for a thumb (at least 44 px tall). */
const answerButton = (primary: boolean) => ({
  backgroundColor: primary ? brand.accent : "#ffffff",
  color: primary ? "#ffffff" : brand.accent,
  border: `1px solid ${brand.accent}`,
  borderRadius: "8px",
  padding: "12px 16px",
  fontSize: "15px",
  fontWeight: 600,
  marginRight: "8px",
});

function NewWord({ word: block }: { word: NewWordBlock }) {
  return (
    <>
      <Heading as="h1" {...toned("ink", { fontSize: "28px", margin: "0 0 4px" })}>
        {capitalizedWord(block.word)}
        {block.partOfSpeech ? (
          <span {...toned("muted", { fontSize: "15px", fontStyle: "italic", fontWeight: 400 })}>
            {" "}
            {block.partOfSpeech}
          </span>
        ) : null}
      </Heading>
      {block.pronunciation ? (
        <Text {...toned("muted", { fontSize: "15px", margin: "0 0 16px" })}>{block.pronunciation}</Text>
      ) : null}
      <Text {...toned("ink", { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" })}>
        {block.definition}
      </Text>
      {block.example ? (
        <Text
          {...toned("muted", {
            fontSize: "15px",
            fontStyle: "italic",
            margin: block.reference ? "0 0 4px" : "0 0 20px",
          })}
        >
          “{block.example}”
        </Text>
      ) : null}
      {block.reference ? (
        <Text {...toned("muted", { fontSize: "13px", margin: "0 0 20px" })}>
          — {block.reference}
          {block.translation ? ` (${block.translation})` : ""}
        </Text>
      ) : null}
      {block.note ? (
        <Text {...toned("ink", { fontSize: "14px", lineHeight: "21px", margin: "0 0 20px" })}>
          <strong>Why it matters: </strong>
          {block.note}
        </Text>
      ) : null}
      {block.origin ? (
        <Text {...toned("ink", { fontSize: "14px", lineHeight: "21px", margin: "0 0 20px" })}>
          <strong>Origin: </strong>
          {block.origin}
        </Text>
      ) : null}
      <Button
        href={block.openUrl}
        style={{
          backgroundColor: brand.accent,
          color: "#ffffff",
          borderRadius: "8px",
          padding: "12px 20px",
          fontSize: "15px",
          fontWeight: 600,
        }}
      >
        Open in Jargon
      </Button>
      <Link
        href={block.saveUrl}
        {...toned("accent", { fontSize: "15px", fontWeight: 600, marginLeft: "16px" })}
      >
        ☆ Save to favorites
      </Link>
      <Text {...toned("muted", { fontSize: "14px", lineHeight: "22px", margin: "20px 0 0" })}>
        Did you know it?{" "}
        <Link href={block.gradeUrls.knewIt} {...toned("accent", { fontWeight: 600 })}>
          Knew it
        </Link>
        {" · "}
        <Link href={block.gradeUrls.didntKnow} {...toned("accent", { fontWeight: 600 })}>
          Didn&apos;t know
        </Link>
        {" · "}
        <Link href={block.gradeUrls.known} {...toned("muted", { textDecoration: "underline" })}>
          I already know this
        </Link>
      </Text>
    </>
  );
}

function QuickReview({ lines, first }: { lines: QuickReviewLine[]; first: boolean }) {
  return (
    <>
      {first ? null : <Rule margin="28px 0 20px" />}
      <Heading as={first ? "h1" : "h2"} {...toned("ink", { fontSize: "20px", margin: "0 0 4px" })}>
        Quick review
      </Heading>
      <Text {...toned("muted", { fontSize: "14px", margin: "0 0 16px" })}>
        Do you remember what these mean? Answer first; the meaning shows after.
      </Text>
      {lines.map((line) => (
        <Section key={line.rememberUrl} style={{ margin: "0 0 20px" }}>
          <Text {...toned("ink", { fontSize: "18px", fontWeight: 600, margin: "0 0 8px" })}>
            {capitalizedWord(line.word)}
            {line.partOfSpeech ? (
              <span {...toned("muted", { fontSize: "14px", fontStyle: "italic", fontWeight: 400 })}>
                {" "}
                {line.partOfSpeech}
              </span>
            ) : null}
          </Text>
          <Button href={line.rememberUrl} style={answerButton(true)}>
            I remember
          </Button>
          <Button href={line.forgotUrl} className={SECONDARY_BUTTON_CLASS} style={answerButton(false)}>
            I forgot
          </Button>
        </Section>
      ))}
    </>
  );
}

/** Why the recipient gets this e-mail, by where its words come from. */
const FOOTER_REASONS: Record<WordEmailProps["source"], (topicName: string) => string> = {
  scheduled: (topicName) => `You are receiving this because you subscribed to ${topicName} on Jargon. `,
  daily_review: () => "You are receiving this because you chose one daily review e-mail on Jargon. ",
  demo: () => "This is a demo of the e-mails your subscribers receive. ",
};

export function WordEmail(props: WordEmailProps) {
  return (
    <EmailLayout
      logoUrl={props.logoUrl}
      preview={previewLine(props)}
      footer={
        <>
          {FOOTER_REASONS[props.source](props.topicName)}
          {props.unsubscribeUrl ? (
            <Link href={props.unsubscribeUrl} {...toned("muted", { textDecoration: "underline" })}>
              {props.source === "daily_review"
                ? "Keep my reviews in the app instead"
                : "Stop e-mails for this topic"}
            </Link>
          ) : null}
          <br />
          {props.credits}
        </>
      }
    >
      <Text {...toned("muted", { fontSize: "13px", margin: "0 0 4px", textTransform: "uppercase" })}>
        {props.newWords.length > 0 ? props.topicName : `Review · ${props.topicName}`}
      </Text>
      {props.newWords.map((block, index) => (
        <Section key={block.openUrl} style={index > 0 ? { marginTop: "28px" } : undefined}>
          <NewWord word={block} />
        </Section>
      ))}
      {props.quickReview.length > 0 ? (
        <QuickReview lines={props.quickReview} first={props.newWords.length === 0} />
      ) : null}
    </EmailLayout>
  );
}

/** The subject names the new word(s), never a review's word or meaning: those wait for the learner's answer. */
export function wordEmailSubject({ source, newWords, quickReview, topicName }: WordEmailProps): string {
  const prefix = source === "demo" ? "[Demo] " : "";
  const [first] = newWords;
  if (!first) return `${prefix}Quick review: ${wordsToReview(quickReview.length)} · ${topicName}`;
  const more = newWords.length > 1 ? ` and ${newWords.length - 1} more` : "";
  const reviews = quickReview.length > 0 ? ` (+ ${wordsToReview(quickReview.length)})` : "";
  return `${prefix}${capitalizedWord(first.word)}${more} · your ${topicName} word${more ? "s" : ""}${reviews}`;
}

export function renderWordEmail(props: WordEmailProps): Promise<RenderedMail> {
  return renderMail(wordEmailSubject(props), <WordEmail {...props} />);
}

import { Button, Heading, Link, Text } from "@react-email/components";
import { EmailLayout, brand } from "@server/platform/mail/templates/layout";
import { renderMail, type RenderedMail } from "@server/platform/mail/render";
import type { WordMessage } from "@server/platform/channels/delivery-channel";

type WordMessageWord = WordMessage["word"];

/** The word as every channel has it (note: "why it matters"; reference and translation: a quotation's source). */
export interface WordEmailProps extends WordMessageWord {
  topicName: string;
  /** The sources line the library's licences ask for (content/CREDITS.json's emailFooter). */
  credits: string;
  openUrl: string;
  saveUrl: string;
  /** The logo mark's absolute URL (layout.tsx's EMAIL_LOGO_PATH on the app). */
  logoUrl: string;
  unsubscribeUrl: string | null;
  demo: boolean;
  /** A due review of a word sent before (marked as such), or a new word. */
  review: boolean;
  /** The signed answer links (each opens a page that records the answer by POST). */
  gradeUrls: WordMessage["links"]["grade"];
}

/** The word with its first letter upper-cased and the rest as the library spells it ("EBITDA", "Force majeure"). */
export const capitalizedWord = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function WordEmail(props: WordEmailProps) {
  const word = capitalizedWord(props.word);
  return (
    <EmailLayout
      logoUrl={props.logoUrl}
      preview={`${word}: ${props.definition}`}
      footer={
        <>
          {props.demo
            ? "This is a demo of the e-mails your subscribers receive. "
            : `You are receiving this because you subscribed to ${props.topicName} on Jargon. `}
          {props.unsubscribeUrl ? (
            <Link href={props.unsubscribeUrl} style={{ color: brand.muted, textDecoration: "underline" }}>
              Stop e-mails for this topic
            </Link>
          ) : null}
          <br />
          {props.credits}
        </>
      }
    >
      <Text style={{ color: brand.muted, fontSize: "13px", margin: "0 0 4px", textTransform: "uppercase" }}>
        {props.review ? `Review · ${props.topicName}` : props.topicName}
      </Text>
      <Heading as="h1" style={{ color: brand.ink, fontSize: "28px", margin: "0 0 4px" }}>
        {word}
        {props.partOfSpeech ? (
          <span style={{ color: brand.muted, fontSize: "15px", fontStyle: "italic", fontWeight: 400 }}>
            {" "}
            {props.partOfSpeech}
          </span>
        ) : null}
      </Heading>
      {props.pronunciation ? (
        <Text style={{ color: brand.muted, fontSize: "15px", margin: "0 0 16px" }}>
          {props.pronunciation}
        </Text>
      ) : null}
      <Text style={{ color: brand.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" }}>
        {props.definition}
      </Text>
      {props.example ? (
        <Text
          style={{
            color: brand.muted,
            fontSize: "15px",
            fontStyle: "italic",
            margin: props.reference ? "0 0 4px" : "0 0 20px",
          }}
        >
          “{props.example}”
        </Text>
      ) : null}
      {props.reference ? (
        <Text style={{ color: brand.muted, fontSize: "13px", margin: "0 0 20px" }}>
          — {props.reference}
          {props.translation ? ` (${props.translation})` : ""}
        </Text>
      ) : null}
      {props.note ? (
        <Text style={{ color: brand.ink, fontSize: "14px", lineHeight: "21px", margin: "0 0 20px" }}>
          <strong>Why it matters: </strong>
          {props.note}
        </Text>
      ) : null}
      <Button
        href={props.openUrl}
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
        href={props.saveUrl}
        style={{ color: brand.accent, fontSize: "15px", fontWeight: 600, marginLeft: "16px" }}
      >
        ☆ Save to favorites
      </Link>
      <Text style={{ color: brand.muted, fontSize: "14px", lineHeight: "22px", margin: "20px 0 0" }}>
        Did you know it?{" "}
        <Link href={props.gradeUrls.knewIt} style={{ color: brand.accent, fontWeight: 600 }}>
          Knew it
        </Link>
        {" · "}
        <Link href={props.gradeUrls.didntKnow} style={{ color: brand.accent, fontWeight: 600 }}>
          Didn&apos;t know
        </Link>
        {" · "}
        <Link href={props.gradeUrls.known} style={{ color: brand.muted, textDecoration: "underline" }}>
          I already know this
        </Link>
      </Text>
    </EmailLayout>
  );
}

export function renderWordEmail(props: WordEmailProps): Promise<RenderedMail> {
  const subject = `${props.demo ? "[Demo] " : ""}${props.review ? "Review: " : ""}${capitalizedWord(props.word)} · your ${props.topicName} word`;
  return renderMail(subject, <WordEmail {...props} />);
}

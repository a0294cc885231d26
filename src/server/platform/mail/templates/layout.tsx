import { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

export const brand = {
  ink: "#0f172a",
  muted: "#475569",
  accent: "#4f46e5",
  surface: "#f8fafc",
};

/** The colours text takes in an e-mail, each with its colour in dark mode (DARK_MODE_CSS). */
export type Tone = "ink" | "muted" | "accent";

/**
 * A text element's style in `tone`: its colour inline (what every mail client shows) and a class that a client in
 * dark mode which honours `prefers-color-scheme` (Apple Mail, Outlook for Mac, Thunderbird) recolours.
 */
export function toned(tone: Tone, style: CSSProperties = {}): { className: string; style: CSSProperties } {
  return { className: `jg-${tone}`, style: { color: brand[tone], ...style } };
}

/** The class of a secondary (outlined) button, whose white face turns transparent in dark mode. */
export const SECONDARY_BUTTON_CLASS = "jg-secondary";

/** A divider line, in the card or under it, recoloured in dark mode. */
export function Rule({ margin }: { margin: string }) {
  return <Hr className="jg-rule" style={{ borderColor: "#e2e8f0", margin }} />;
}

/**
 * The e-mails in dark mode, as the app draws its dark theme (slate and a lighter indigo). Inline styles win over a
 * style sheet, so each rule is !important; a client that ignores the media query (Gmail recolours by itself) shows the
 * light e-mail. React Email's Body repeats its background on the cell of its outer table, hence the second selector.
 */
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .jg-body, .jg-body > table > tbody > tr > td { background-color: #020617 !important; }
  .jg-card { background-color: #0f172a !important; border-color: #1e293b !important; }
  .jg-rule { border-color: #1e293b !important; }
  .jg-ink { color: #f1f5f9 !important; }
  .jg-muted { color: #94a3b8 !important; }
  .jg-accent { color: #a5b4fc !important; }
  .jg-secondary { background-color: transparent !important; color: #a5b4fc !important; border-color: #a5b4fc !important; }
}`;

/**
 * The app's logo mark, served by the app (the PWA icon): an absolute URL in e-mails, since mail clients block inline
 * SVG and data URLs; the alt text stands in when images are off.
 */
export const EMAIL_LOGO_PATH = "pwa-192x192.png";

/** The frame every Jargon e-mail shares: brand line (with the logo mark when given), card, footer. */
export function EmailLayout({
  preview,
  children,
  footer,
  logoUrl,
}: {
  preview: string;
  children: ReactNode;
  footer?: ReactNode;
  logoUrl?: string;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="jg-body"
        style={{ backgroundColor: brand.surface, fontFamily: "Helvetica, Arial, sans-serif", margin: 0 }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 16px" }}>
          <Text {...toned("accent", { fontSize: "20px", fontWeight: 700, margin: "0 0 16px" })}>
            {logoUrl ? (
              <Img
                src={logoUrl}
                alt="Jargon logo"
                width="28"
                height="28"
                style={{
                  borderRadius: "6px",
                  display: "inline-block",
                  marginRight: "8px",
                  verticalAlign: "middle",
                }}
              />
            ) : null}
            <span style={{ verticalAlign: "middle" }}>Jargon</span>
          </Text>
          <Section
            className="jg-card"
            style={{
              backgroundColor: "#ffffff",
              borderRadius: "12px",
              padding: "28px",
              border: "1px solid #e2e8f0",
            }}
          >
            {children}
          </Section>
          <Rule margin="24px 0 12px" />
          <Text {...toned("muted", { fontSize: "12px", lineHeight: "18px", margin: 0 })}>
            {footer ?? "You are receiving this e-mail because of your Jargon account."}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

import { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

export const brand = {
  ink: "#0f172a",
  muted: "#475569",
  accent: "#4f46e5",
  surface: "#f8fafc",
};

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
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: brand.surface, fontFamily: "Helvetica, Arial, sans-serif", margin: 0 }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "32px 16px" }}>
          <Text style={{ color: brand.accent, fontSize: "20px", fontWeight: 700, margin: "0 0 16px" }}>
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
            style={{
              backgroundColor: "#ffffff",
              borderRadius: "12px",
              padding: "28px",
              border: "1px solid #e2e8f0",
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 12px" }} />
          <Text style={{ color: brand.muted, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
            {footer ?? "You are receiving this e-mail because of your Jargon account."}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

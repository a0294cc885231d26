import { Button, Text } from "@react-email/components";
import { EmailLayout, brand, toned } from "@server/platform/mail/templates/layout";
import { renderMail } from "@server/platform/mail/render";

function SignInEmail({ link }: { link: string }) {
  return (
    <EmailLayout
      preview="Your Jargon sign-in link"
      footer="If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without this link."
    >
      <Text {...toned("ink", { fontSize: "18px", fontWeight: 600, margin: "0 0 12px" })}>
        Sign in to Jargon
      </Text>
      <Text {...toned("muted", { fontSize: "15px", lineHeight: "22px", margin: "0 0 20px" })}>
        Click the button below to sign in. The link works once and expires in 15 minutes.
      </Text>
      <Button
        href={link}
        style={{
          backgroundColor: brand.accent,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: "8px",
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        Sign in to Jargon
      </Button>
      <Text {...toned("muted", { fontSize: "13px", lineHeight: "20px", margin: "20px 0 0" })}>
        Or paste this address into your browser: {link}
      </Text>
    </EmailLayout>
  );
}

export const renderSignInEmail = (link: string) =>
  renderMail("Your Jargon sign-in link", <SignInEmail link={link} />);

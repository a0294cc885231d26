import { Text } from "@react-email/components";
import { SUPPORT_RESPONSE_HOURS } from "@shared/constants";
import { renderMail } from "@server/platform/mail/render";
import { EmailLayout, brand } from "@server/platform/mail/templates/layout";

export interface TeamRequestMail {
  id: number;
  company: string;
  seats: number;
  message: string;
}

const label = { color: brand.muted, fontSize: "13px", margin: "0 0 4px" } as const;
const value = { color: brand.ink, fontSize: "15px", lineHeight: "22px", margin: "0 0 14px" } as const;

function TeamRequestAcknowledgement({ mail }: { mail: TeamRequestMail }) {
  return (
    <EmailLayout
      preview={`We received your team request for ${mail.company}`}
      footer={`Team request #${mail.id}. Reply to this e-mail to add anything; it reaches our team.`}
    >
      <Text style={{ color: brand.ink, fontSize: "18px", fontWeight: 600, margin: "0 0 16px" }}>
        Thank you for your interest in Jargon for teams
      </Text>
      <Text style={value}>
        We have your request and will reply within {SUPPORT_RESPONSE_HOURS} hours to talk about a plan for
        your team. Here is what you sent us:
      </Text>
      <Text style={label}>Company</Text>
      <Text style={value}>{mail.company}</Text>
      <Text style={label}>Seats</Text>
      <Text style={value}>{mail.seats}</Text>
      {mail.message ? (
        <>
          <Text style={label}>Message</Text>
          <Text style={{ ...value, whiteSpace: "pre-wrap" }}>{mail.message}</Text>
        </>
      ) : null}
    </EmailLayout>
  );
}

export const TEAM_REQUEST_MAIL_SUBJECT = "Your Jargon team request";

export const renderTeamRequestAcknowledgement = (mail: TeamRequestMail) =>
  renderMail(TEAM_REQUEST_MAIL_SUBJECT, <TeamRequestAcknowledgement mail={mail} />);

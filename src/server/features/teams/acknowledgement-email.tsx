import { Text } from "@react-email/components";
import { SUPPORT_RESPONSE_HOURS } from "@shared/constants";
import { renderMail } from "@server/platform/mail/render";
import { EmailLayout, toned } from "@server/platform/mail/templates/layout";

export interface TeamRequestMail {
  id: number;
  company: string;
  seats: number;
  message: string;
}

const label = toned("muted", { fontSize: "13px", margin: "0 0 4px" });
const value = toned("ink", { fontSize: "15px", lineHeight: "22px", margin: "0 0 14px" });

function TeamRequestAcknowledgement({ mail }: { mail: TeamRequestMail }) {
  return (
    <EmailLayout
      preview={`We received your team request for ${mail.company}`}
      footer={`Team request #${mail.id}. Reply to this e-mail to add anything; it reaches our team.`}
    >
      <Text {...toned("ink", { fontSize: "18px", fontWeight: 600, margin: "0 0 16px" })}>
        Thank you for your interest in Jargon for teams
      </Text>
      <Text {...value}>
        We have your request and will reply within {SUPPORT_RESPONSE_HOURS} hours to talk about a plan for
        your team. Here is what you sent us:
      </Text>
      <Text {...label}>Company</Text>
      <Text {...value}>{mail.company}</Text>
      <Text {...label}>Seats</Text>
      <Text {...value}>{mail.seats}</Text>
      {mail.message ? (
        <>
          <Text {...label}>Message</Text>
          <Text {...toned("ink", { ...value.style, whiteSpace: "pre-wrap" })}>{mail.message}</Text>
        </>
      ) : null}
    </EmailLayout>
  );
}

export const TEAM_REQUEST_MAIL_SUBJECT = "Your Jargon team request";

export const renderTeamRequestAcknowledgement = (mail: TeamRequestMail) =>
  renderMail(TEAM_REQUEST_MAIL_SUBJECT, <TeamRequestAcknowledgement mail={mail} />);

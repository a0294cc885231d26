import { Text } from "@react-email/components";
import { FEEDBACK_AREA_LABELS } from "@shared/api/feedback";
import type { FeedbackArea } from "@shared/constants";
import { renderMail } from "@server/platform/mail/render";
import { EmailLayout, toned } from "@server/platform/mail/templates/layout";

export interface FeedbackMail {
  id: number;
  area: FeedbackArea;
  subject: string;
  message: string;
  senderName: string | null;
  senderEmail: string;
  accountEmail: string;
  userId: string;
}

const label = toned("muted", { fontSize: "13px", margin: "0 0 4px" });
const value = toned("ink", { fontSize: "15px", lineHeight: "22px", margin: "0 0 14px" });

function FeedbackEmail({ mail }: { mail: FeedbackMail }) {
  const area = FEEDBACK_AREA_LABELS[mail.area];
  return (
    <EmailLayout
      preview={`${area}: ${mail.subject}`}
      footer={`Feedback #${mail.id} from account ${mail.accountEmail} (user ${mail.userId}). Reply to this e-mail to answer the sender.`}
    >
      <Text {...toned("ink", { fontSize: "18px", fontWeight: 600, margin: "0 0 16px" })}>
        New feedback: {mail.subject}
      </Text>
      <Text {...label}>Area</Text>
      <Text {...value}>{area}</Text>
      <Text {...label}>From</Text>
      <Text {...value}>
        {mail.senderName ? `${mail.senderName} <${mail.senderEmail}>` : mail.senderEmail}
      </Text>
      <Text {...label}>Message</Text>
      <Text {...toned("ink", { ...value.style, whiteSpace: "pre-wrap" })}>{mail.message}</Text>
    </EmailLayout>
  );
}

export const renderFeedbackEmail = (mail: FeedbackMail) =>
  renderMail(
    `[Jargon feedback] ${FEEDBACK_AREA_LABELS[mail.area]}: ${mail.subject}`,
    <FeedbackEmail mail={mail} />,
  );

import { MessageSquare } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function FeedbackPage() {
  return (
    <PlaceholderPage
      title="Send Feedback"
      description="Tell us what works and what could be better."
      icon={MessageSquare}
    />
  );
}

import { CircleHelp } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function FaqPage() {
  return (
    <PlaceholderPage
      title="Frequently Asked Questions"
      description="Quick answers about learning with Jargon."
      icon={CircleHelp}
    />
  );
}

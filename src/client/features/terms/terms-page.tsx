import { Scale } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function TermsPage() {
  return (
    <PlaceholderPage
      title="Terms of Service"
      description="The terms that apply to your use of Jargon."
      icon={Scale}
    />
  );
}

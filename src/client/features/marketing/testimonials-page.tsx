import { Quote } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function TestimonialsPage() {
  return (
    <PlaceholderPage
      title="Success Stories"
      description="How professionals use Jargon to speak like experts."
      icon={Quote}
    />
  );
}

import { Route } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function HowItWorksPage() {
  return (
    <PlaceholderPage
      title="How It Works"
      description="From choosing a domain to tracking your progress."
      icon={Route}
    />
  );
}

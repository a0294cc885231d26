import { Crown } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function PricingPage() {
  return (
    <PlaceholderPage
      title="Choose Your Learning Plan"
      description="Plans for every learner, from free to pro."
      icon={Crown}
    />
  );
}

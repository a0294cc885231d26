import { Layers } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function SubscriptionsPage() {
  return (
    <PlaceholderPage
      title="Subscriptions"
      description="Choose what you learn, how often and how it reaches you."
      icon={Layers}
    />
  );
}

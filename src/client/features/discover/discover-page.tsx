import { Compass } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function DiscoverPage() {
  return (
    <PlaceholderPage
      title="Discover New Topics"
      description="Find new topics to learn and subscribe in a click."
      icon={Compass}
    />
  );
}

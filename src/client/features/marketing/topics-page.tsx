import { Library } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function TopicsPage() {
  return (
    <PlaceholderPage
      title="Explore Topics"
      description="Sample the professional vocabulary of each domain."
      icon={Library}
    />
  );
}

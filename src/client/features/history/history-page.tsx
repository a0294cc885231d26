import { History } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function HistoryPage() {
  return (
    <PlaceholderPage
      title="Learning History"
      description="Every word delivered to you, day by day."
      icon={History}
    />
  );
}

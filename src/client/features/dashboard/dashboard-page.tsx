import { LayoutDashboard } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function DashboardPage() {
  return (
    <PlaceholderPage
      title="Learning Dashboard"
      description="Your stats, today's words and your subscriptions at a glance."
      icon={LayoutDashboard}
    />
  );
}

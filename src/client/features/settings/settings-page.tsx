import { Settings } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function SettingsPage() {
  return (
    <PlaceholderPage
      title="Settings"
      description="Your profile, plan, alerts, theme and account."
      icon={Settings}
    />
  );
}
